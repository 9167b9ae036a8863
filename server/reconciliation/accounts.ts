// The accounts reconciliation checks and how each is read. An account is named as the adapters
// name it ("user:<id>", "bot:<id>") on one exchange through one adapter. A paper account keeps one
// set of balances whichever exchange's prices it trades at (paper_balances), so it is checked
// once, on exchange "none".
import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { botAccountById } from "../bot-keys/accounts.ts";
import { msg } from "../core/messages.shared.ts";
import { AppError } from "../core/errors.ts";
import { balanceChecks, botKeys, transactions, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import type { AccountRef, ExchangeAdapter } from "../exchanges/adapter.ts";
import { kindOf } from "../exchanges/exchanges.ts";
import { exchangeTitle } from "../exchanges/pairs.shared.ts";
import { tradingCredentials } from "../keys/credentials.ts";
import type { KeyedExchange } from "../keys/schema.ts";

export type CheckedExchange = "none" | "binance" | "gate";

export interface CheckedAccount {
  account: string;
  exchange: CheckedExchange;
  /** "paper", or the live exchange's own adapter ("binance", "gate"). */
  adapter: string;
}

export const ownerOf = (account: string) => {
  const [kind, id] = account.split(":");
  return { kind: kind === "bot" ? "bot" as const : "user" as const, id: Number(id) };
};

export const accountKey = (a: CheckedAccount) => `${a.account}|${a.exchange}|${a.adapter}`;

/** The account a row or key trades on, through its adapter. */
function checked(account: string, exchange: string, adapter: string): CheckedAccount | null {
  if (adapter === "paper") return { account, exchange: "none", adapter };
  if (exchange !== "binance" && exchange !== "gate") return null;
  return { account, exchange, adapter };
}

/**
 * Every account to check: those checked before, the bot keys, and the accounts of rows recorded
 * since `newSince` (every row when null) that are not among them yet.
 */
export async function accountsToCheck(
  db: Deps["db"],
  newSince: Date | null,
): Promise<CheckedAccount[]> {
  const t = transactions;
  const found = new Map<string, CheckedAccount>();
  const add = (a: CheckedAccount | null) => a && found.set(accountKey(a), a);
  const before = await db.selectDistinct({
    account: balanceChecks.account,
    exchange: balanceChecks.exchange,
    adapter: balanceChecks.adapter,
  }).from(balanceChecks);
  for (const b of before) add(checked(b.account, b.exchange, b.adapter));
  const keys = await db.select().from(botKeys).where(isNull(botKeys.deletedAt));
  for (const k of keys) add(checked(`bot:${k.id}`, k.exchange, k.adapter));
  const traded = await db.selectDistinct({
    userId: t.userId,
    botKeyId: t.botKeyId,
    exchange: t.exchange,
    adapter: t.adapter,
  }).from(t).where(and(
    eq(t.kind, "trade"),
    or(sql`${t.filledQuantity} is not null`, eq(t.orderState, "pending")),
    newSince ? gt(t.createdAt, newSince) : undefined,
  ));
  for (const r of traded) {
    add(checked(r.botKeyId ? `bot:${r.botKeyId}` : `user:${r.userId}`, r.exchange, r.adapter));
  }
  return [...found.values()].sort((a, b) => accountKey(a).localeCompare(accountKey(b)));
}

/** The adapter and account to read the balances of; an AppError when they cannot be had. */
export async function balanceSource(
  deps: Pick<Deps, "db" | "exchanges" | "secretBox">,
  a: CheckedAccount,
): Promise<{ adapter: ExchangeAdapter; ref: AccountRef }> {
  // Any paper adapter reads the one paper ledger.
  const exchange = a.exchange === "none" ? "binance" : a.exchange;
  const adapter = deps.exchanges.adapter(exchange, kindOf(a.adapter));
  const owner = ownerOf(a.account);
  if (owner.kind === "bot") return { adapter, ref: await botAccountById(deps, owner.id) };
  if (a.adapter === "paper") return { adapter, ref: { id: a.account } };
  const [user] = await deps.db.select().from(users).where(eq(users.id, owner.id));
  const credentials = user && await tradingCredentials(deps, user, a.exchange as KeyedExchange);
  if (!credentials) {
    throw new AppError("BAD_REQUEST", msg("keys.missing", { exchange: exchangeTitle(exchange) }));
  }
  return { adapter, ref: { id: a.account, credentials } };
}

/** Whose each account is: the user's or the bot key's username. */
export async function ownerNames(db: Deps["db"], accounts: string[]) {
  const ids = { user: [] as number[], bot: [] as number[] };
  for (const account of accounts) {
    const o = ownerOf(account);
    ids[o.kind].push(o.id);
  }
  const names = new Map<string, string>();
  if (ids.user.length) {
    const rows = await db.select({ id: users.id, username: users.username }).from(users)
      .where(inArray(users.id, ids.user));
    for (const r of rows) names.set(`user:${r.id}`, r.username);
  }
  if (ids.bot.length) {
    const rows = await db.select({ id: botKeys.id, username: botKeys.username }).from(botKeys)
      .where(inArray(botKeys.id, ids.bot));
    for (const r of rows) names.set(`bot:${r.id}`, r.username);
  }
  return names;
}
