// The transaction actions (docs/trading.md#transaction-actions): delete, set-status, buy-to-sell,
// edit, set-done. The owner may act on their own transactions; Admin and SuperAdmin on anyone's
// (transactions.editAll). A transaction the caller may not act on is "not found" to them.
// The server prices every trade, so below Admin nobody changes prices or amounts, and a DONE row
// is final; every change is audited with the fields' values before and after.
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { SessionUser } from "../auth/sessions.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError, badRequest, forbidden, notFound } from "../core/errors.ts";
import type { Db } from "../db/client.ts";
import { callOutcomes, transactions, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { can } from "../auth/roles.shared.ts";
import type { UpdateTransactionInput } from "./schema.ts";
import { toTransactionView, type TransactionRow, type TransactionView } from "./view.ts";
import { answer, msg } from "../core/messages.shared.ts";

type Status = TransactionRow["status"];

const isAdmin = (user: SessionUser) => can(user.role, "transactions.editAll");
const mayAct = (user: SessionUser, ownerId: number) => ownerId === user.id || isAdmin(user);

const PRICED_FIELDS = ["marketPrice", "buyPrice", "sellPrice", "amount", "quantity"] as const;

/**
 * A status changed by hand: the row's closing price is then the target asked for, not a fill, so
 * profit no longer counts it (a typed or edited row keeps saying so). Setting the status a row
 * already has (confirming an order the exchange could not) changes nothing.
 */
const handClosed = (status: Status) => ({
  priceSource: sql`case when ${transactions.priceSource} = 'server'
    and ${transactions.status} <> ${status} then 'hand_closed'::price_source
    else ${transactions.priceSource} end`,
});

const DERIVED = new Set<string>(["priceSource", "orderState"]);

async function viewOf(db: Db, id: number): Promise<TransactionView | null> {
  const [row] = await db.select({ t: transactions, username: users.username }).from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(eq(transactions.id, id));
  return row ? toTransactionView(row.t, row.username) : null;
}

async function findActionable(db: Db, user: SessionUser, id: number) {
  const view = await viewOf(db, id);
  if (!view || !mayAct(user, view.userId)) throw notFound(msg("transactions.notFound"));
  return view;
}

/** Runs a conditional update of one row, audits it and answers its new view. */
async function change(
  deps: Pick<Deps, "clock" | "db" | "onTransactionChanged">,
  user: SessionUser,
  id: number,
  set: PgUpdateSetSource<typeof transactions>,
  onlyIf?: ReturnType<typeof eq>,
) {
  const before = await findActionable(deps.db, user, id);
  if (before.status === "DONE" && !isAdmin(user)) {
    throw new AppError("CONFLICT", msg("transactions.doneIsFinal"));
  }
  const rows = await deps.db.update(transactions)
    .set({ ...set, updatedAt: deps.clock.now() })
    .where(and(eq(transactions.id, id), onlyIf))
    .returning({ id: transactions.id });
  if (rows.length === 0) return null;
  const view = (await viewOf(deps.db, id))!;
  // What the person set, and of what follows from it (price source, order state) what changed.
  const fields = (Object.keys(set) as (keyof TransactionView)[]).filter((k) =>
    k in view && (!DERIVED.has(k) || before[k] !== view[k])
  );
  const pick = (v: TransactionView) => Object.fromEntries(fields.map((k) => [k, v[k]]));
  await recordAudit(deps.db, {
    actorId: user.id,
    action: "transaction.updated",
    targetUserId: view.userId,
    details: { id, before: pick(before), after: pick(view) },
    at: deps.clock.now(),
  });
  deps.onTransactionChanged(view);
  return view;
}

export async function deleteTransaction(
  deps: Pick<Deps, "db" | "onTransactionChanged">,
  user: SessionUser,
  id: number,
) {
  const view = await findActionable(deps.db, user, id);
  await deps.db.transaction(async (tx) => {
    await tx.update(callOutcomes).set({ transactionId: null })
      .where(eq(callOutcomes.transactionId, id));
    await tx.delete(transactions).where(eq(transactions.id, id));
  });
  deps.onTransactionChanged(view);
  return { id, ...answer(msg("transactions.deleted")) };
}

export async function setStatus(
  deps: Pick<Deps, "clock" | "db" | "onTransactionChanged">,
  user: SessionUser,
  id: number,
  status: Status,
) {
  // A manual status releases the bot's claim: an interrupted close is resolved by a person here,
  // and so is an opening order the exchange could not confirm (the person found it filled).
  return (await change(deps, user, id, {
    status,
    closingSince: null,
    closeErrorAt: null,
    orderState: sql`case when ${transactions.orderState} = 'unknown' then null
      else ${transactions.orderState} end`,
    ...handClosed(status),
  }))!;
}

/** A BUY becomes a SELL; in bot mode buy_sell it becomes sell_buy, waiting to buy back. */
export async function buyToSell(
  deps: Pick<Deps, "clock" | "db" | "onTransactionChanged">,
  user: SessionUser,
  id: number,
) {
  const view = await change(deps, user, id, {
    status: "SELL",
    useBot: sql`case when ${transactions.useBot} = 'buy_sell' then 'sell_buy'::bot_mode
      else ${transactions.useBot} end`,
    closingSince: null,
    closeErrorAt: null,
    ...handClosed("SELL"),
  }, eq(transactions.status, "BUY"));
  if (!view) throw badRequest(msg("transactions.onlyBuyToSell"));
  return view;
}

export async function updateTransaction(
  deps: Pick<Deps, "clock" | "db" | "onTransactionChanged">,
  user: SessionUser,
  id: number,
  input: UpdateTransactionInput,
) {
  const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  await findActionable(deps.db, user, id);
  const priced = PRICED_FIELDS.some((k) => k in set);
  if (!isAdmin(user) && priced) throw forbidden(msg("transactions.pricesAdminOnly"));
  return (await change(deps, user, id, priced ? { ...set, priceSource: "edited" } : set))!;
}

/** Sets every listed open transaction the caller may act on to DONE; answers those it changed. */
export async function setDone(
  deps: Pick<Deps, "clock" | "db" | "onTransactionChanged">,
  user: SessionUser,
  ids: number[],
) {
  const mine = can(user.role, "transactions.editAll")
    ? undefined
    : eq(transactions.userId, user.id);
  const rows = await deps.db.update(transactions)
    .set({
      status: "DONE",
      closingSince: null,
      closeErrorAt: null,
      updatedAt: deps.clock.now(),
      ...handClosed("DONE"),
    })
    .where(and(inArray(transactions.id, ids), ne(transactions.status, "DONE"), mine))
    .returning({ id: transactions.id });
  const views = await Promise.all(rows.map((r) => viewOf(deps.db, r.id)));
  if (rows.length) {
    await recordAudit(deps.db, {
      actorId: user.id,
      action: "transaction.set_done",
      details: { ids: rows.map((r) => r.id) },
      at: deps.clock.now(),
    });
  }
  for (const view of views) if (view) deps.onTransactionChanged(view);
  return { updated: rows.length, ids: rows.map((r) => r.id).sort((a, b) => a - b) };
}
