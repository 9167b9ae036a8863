// Multi-account trading (docs/trading.md#multi-account-trading): a Lead and above with selectBots
// places each BUY or SELL once per selected bot key of the exchange traded on, through that key's
// account (paper account "bot:<id>", or the exchange's API with the key's credentials). The orders
// go out side by side; one account's failure stops none of the others and is sent to the trader as
// BUY_ERROR / SELL_ERROR naming the key. The transactions record their botKeyId, so the bot worker
// closes them on the same account.
//
// Decisions: bot accounts place their orders in every bot mode (useBot none too: selecting bots
// means trading on them); `withBot: false` in the create payload trades on the user's own account
// only; NFT pairs (no exchange market) never go to bot keys; numberOfTran's extra transactions
// apply to the single-account flow only.
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { SessionUser } from "../auth/sessions.ts";
import { AppError } from "../core/errors.ts";
import { type CodedMessage, listing, type Said, wrapping } from "../core/messages.shared.ts";
import { botKeys } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Side } from "../exchanges/adapter.ts";
import { kindOf } from "../exchanges/exchanges.ts";
import { TradingRefused } from "../trading-halts/refusal.ts";
import { exchangeFailure, type OpenDeps, openTransaction } from "./open.ts";
import { callLinesOf, type NewTransaction, type Outcome, reserveTransactionId } from "./record.ts";
import type { LiveLine } from "./live-call-lines.ts";
import { toTransactionView, type TransactionView } from "./view.ts";
import { can } from "../auth/roles.shared.ts";
import { botAccount, botAccountId } from "../bot-keys/accounts.ts";
import type { BotKeyRow } from "../bot-keys/view.ts";

export interface BotTradeResult {
  botKeyId: number;
  username: string;
  transaction: TransactionView | null;
  /** "<bot username>: <the exchange's message>" when this account's order failed. */
  error: string | null;
  /** The same, coded (bots.failed), for the client to word in the user's language. */
  said: Said | null;
}

/** The live keys of `exchange` the user selected; none for roles that may not select bots. */
export async function selectedBotKeys(
  deps: Pick<Deps, "db">,
  user: SessionUser,
  exchange: string,
): Promise<BotKeyRow[]> {
  if (!can(user.role, "bots.select") || user.selectBots.length === 0) return [];
  if (exchange !== "binance" && exchange !== "gate") return [];
  return await deps.db.select().from(botKeys).where(and(
    inArray(botKeys.id, user.selectBots),
    eq(botKeys.exchange, exchange),
    isNull(botKeys.deletedAt),
  )).orderBy(asc(botKeys.id));
}

export interface BotTradeRequest {
  user: SessionUser;
  bots: BotKeyRow[];
  values: NewTransaction;
  side: Side;
  outcome?: Outcome;
}

type BotTradeDeps = OpenDeps & Pick<Deps, "secretBox">;

/**
 * Places the order on every bot account. At least one placed: the transactions in key order, the
 * failures as extraErrors and every key's result. None placed: an error listing each key's message
 * on its own line.
 */
export async function openForBots(
  deps: BotTradeDeps,
  req: BotTradeRequest,
) {
  const results = await Promise.all(req.bots.map((bot) => openForBot(deps, req, bot)));
  const placed = results.flatMap((r) => r.transaction ? [r.transaction] : []);
  const errors = results.flatMap((r) => r.error ? [r.error] : []);
  if (placed.length === 0) {
    const failures = results.flatMap((r): CodedMessage[] =>
      r.error && r.said ? [{ ...r.said, text: r.error }] : []
    );
    const first = results.find((r) => r.failure)?.failure;
    // A halt or limit refuses every account alike: say it once, in the caller's language.
    if (first instanceof TradingRefused) throw first;
    // Each key's failure also reached the trader coded (BUY_ERROR / SELL_ERROR); the answer
    // lists them coded again, one a line, for the client to word.
    throw new AppError(first?.code ?? "BAD_GATEWAY", listing("bots.allFailed", failures));
  }
  for (const r of results) if (r.transaction) deps.onTransactionChanged(r.transaction, r.callLines);
  return {
    transaction: placed[0],
    extraTransactions: placed.slice(1),
    extraErrors: errors,
    extraErrorMessages: results.flatMap((r) => r.said ? [r.said] : []),
    botResults: results.map(({ failure: _, callLines: _lines, ...result }) => result),
  };
}

async function openForBot(
  deps: BotTradeDeps,
  req: BotTradeRequest,
  bot: BotKeyRow,
): Promise<BotTradeResult & { failure: AppError | null; callLines?: LiveLine[] }> {
  const id = await reserveTransactionId(deps.db);
  const base = { botKeyId: bot.id, username: bot.username };
  try {
    const account = await botAccount(deps, bot);
    const row = await openTransaction(deps, {
      user: req.user,
      values: { ...req.values, botKeyId: bot.id },
      side: req.side,
      credentials: account.credentials!,
      account: { id: botAccountId(bot.id), kind: kindOf(bot.adapter) },
      id,
      outcome: req.outcome,
    });
    const transaction = toTransactionView(row, req.user.username);
    return {
      ...base,
      transaction,
      error: null,
      said: null,
      failure: null,
      callLines: callLinesOf(row),
    };
  } catch (err) {
    const failure = exchangeFailure(req.values.exchange, err);
    const { text: error, code, params } = wrapping("bots.failed", "failure", failure.said, {
      bot: bot.username,
    });
    deps.onTradeError(req.user.id, {
      action: req.side,
      transactionId: id,
      message: error,
      code,
      params,
    });
    return { ...base, transaction: null, error, said: { code, params }, failure };
  }
}
