// Opens a transaction. A live order's row is written ahead, pending, then the order is sent and
// the row settled with its fill; an order the exchange refuses leaves nothing behind and its
// message goes back to the caller. An order whose answer is late, or that nobody can confirm (its
// answer lost, the lookups unable to tell), is answered 202 with its pending row; the sender, or
// after ORDER_SENDING_MS the resolver (resolver.ts), records what became of it. On the paper exchange
// the fill and the row are one statement.
import { and, eq } from "drizzle-orm";
import type { SessionUser } from "../auth/sessions.ts";
import { afterAnswer } from "../core/after-answer.ts";
import { AppError } from "../core/errors.ts";
import { outsideRequest } from "../core/request-scope.ts";
import { callOutcomes, transactions } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import {
  type AccountRef,
  type Credentials,
  type ExchangeAdapter,
  ExchangeError,
  type OrderRequest,
  type OrderResult,
  type Side,
} from "../exchanges/adapter.ts";
import type { AdapterKind } from "../exchanges/exchanges.ts";
import { InDoubtError, placeOrFind } from "../exchanges/in-doubt.ts";
import { refusalMessage } from "../exchanges/refusals.ts";
import { exchangeTitle } from "../exchanges/pairs.shared.ts";
import type { Scoped } from "../trading-halts/day-lock.ts";
import { type ClearGuard, NOT_CLEAR, openIfClear } from "../trading-halts/guard.ts";
import {
  insertTransaction,
  type NewTransaction,
  openingFill,
  openOrderId,
  type Outcome,
  reserveTransactionId,
} from "./record.ts";
import { msg } from "../core/messages.shared.ts";
import { nextCheckAt } from "./resolver.ts";
import { insertFilled } from "./fill-batches.ts";
import { toTransactionView, type TransactionRow } from "./view.ts";
import { logError } from "../core/log-error.ts";

export interface OpenRequest {
  user: SessionUser;
  values: NewTransaction;
  side: Side;
  /** Present: the order is placed with these credentials; absent: the row is only recorded. */
  credentials: Credentials | null;
  outcome?: Outcome;
  /** Whose account the order goes to: the user's own by default, or a bot key's. */
  account?: { id: string; kind: AdapterKind };
  /** An id the caller reserved, so a failure report can name the transaction. */
  id?: number;
}

export type OpenDeps = Pick<
  Deps,
  | "clock"
  | "config"
  | "database"
  | "db"
  | "exchanges"
  | "onTradeError"
  | "onTransactionChanged"
  | "orderLookup"
>;

/**
 * The recorded row. A live order is written ahead (docs/trading.md#write-ahead-orders): its row,
 * pending, is committed before the order is sent, so whatever happens next (an answer after any
 * delay, a lost connection, a crash) the row is there to settle. The answer waits ORDER_ANSWER_MS
 * at most; past it the row is answered still pending and settled when the exchange answers.
 */
export async function openTransaction(deps: OpenDeps, req: OpenRequest): Promise<TransactionRow> {
  const opened = await openIfClear(
    deps,
    req.values,
    (scoped, clear) => record(deps, scoped, req, clear),
  );
  if (!("sent" in opened)) return opened;
  const { row, sent } = opened;
  // Sent outside the request: the settling outlives its deadline, and its writes are not the
  // request's to cancel.
  const settling = outsideRequest(() => settle(deps, row, sent, req));
  const answer = await Promise.race([settling, answerDeadline(deps.config.ORDER_ANSWER_MS)]);
  if (answer !== LATE) return unwrap(answer);
  // Answered pending: the owner's screen learns the outcome over the socket.
  afterAnswer(`order ${openOrderId(row.id)}`, async () => {
    const late = await settling;
    if (late instanceof AppError) {
      deps.onTradeError(req.user.id, {
        action: req.side,
        transactionId: row.id,
        message: late.said.text,
        code: late.said.code,
        params: late.said.params,
      });
    }
    // The list reloads: the row settled, or gone with its refusal.
    deps.onTransactionChanged(
      toTransactionView(late instanceof AppError ? row : late, req.user.username),
    );
  });
  return row;
}

const LATE = Symbol("late");

function answerDeadline(ms: number) {
  return new Promise<typeof LATE>((resolve) => setTimeout(() => resolve(LATE), ms));
}

function unwrap(settled: TransactionRow | AppError) {
  if (settled instanceof AppError) throw settled;
  return settled;
}

interface Sent {
  adapter: ExchangeAdapter;
  account: AccountRef;
  order: OrderRequest;
}

/**
 * Under the halts and limits check (`scoped`: under a daily maximum, the limit lock's
 * transaction; `clear`: in the statement itself, NOT_CLEAR when one applies): a row without an
 * order, a paper fill with its row in one statement, or a live order's pending row, committed with
 * the lock's transaction before anything is sent.
 */
async function record(
  deps: Pick<Deps, "clock" | "config" | "db" | "exchanges">,
  scoped: Scoped,
  req: OpenRequest,
  clear?: ClearGuard,
): Promise<TransactionRow | { row: TransactionRow; sent: Sent } | typeof NOT_CLEAR> {
  const opts = { id: req.id, outcome: req.outcome };
  // A row written final (no order, or a paper fill) reads its call lines with it (callLinesOf).
  const final = { ...opts, callLinesWithin: deps.config.CALL_EXPIRY_MS };
  if (!req.credentials) {
    return await insertTransaction(scoped, req.values, { ...final, clear }) ?? NOT_CLEAR;
  }
  const { exchange, pair, quantity } = req.values;
  const adapter = deps.exchanges.adapter(exchange, req.account?.kind);
  const id = req.id ?? await reserveTransactionId(deps.db);
  const account = { id: req.account?.id ?? `user:${req.user.id}`, credentials: req.credentials };
  const order: OrderRequest = {
    pair,
    side: req.side,
    type: "market",
    quantity,
    // A market BUY spends the transaction's amount (Gate sizes market BUYs in the quote currency).
    quoteAmount: req.side === "BUY" ? req.values.amount : undefined,
    clientOrderId: openOrderId(id),
  };
  if (adapter.inDatabase) {
    const planned = await adapter.inDatabase.plan(account, order).catch((err) => {
      throw exchangeFailure(exchange, err);
    });
    const values = {
      ...req.values,
      adapter: adapter.name,
      ...openingFill(planned.result, req.values),
    };
    // Guarded in its own statement: shared with the orders opened at the same moment.
    const row = clear
      ? await insertFilled(scoped, adapter.inDatabase, { ...final, values, id, fill: planned.row })
      : await insertTransaction(scoped, values, { ...final, id, fill: planned.fill });
    if (row === NOT_CLEAR) return NOT_CLEAR;
    if (!row) throw exchangeFailure(exchange, await planned.refusal());
    return row;
  }
  const now = deps.clock.now();
  const row = await insertTransaction(scoped, {
    ...req.values,
    adapter: adapter.name,
    orderState: "pending",
    orderNote: `sent to ${exchangeTitle(exchange)} at ${now.toISOString()}, not answered yet`,
    // The resolver leaves it to its sender while the sending may still be under way (the answer's
    // HTTP timeout and the lookups after a lost one). An order reaching the exchange later than
    // that is refused by the exchange's own receive window (Binance recvWindow, Gate's expiry).
    orderCheckAt: new Date(now.getTime() + deps.config.ORDER_SENDING_MS),
  }, { ...opts, id, clear });
  // Nothing written: a halt or limit applies (a row without a fill is never refused).
  if (row === NOT_CLEAR || !row) return NOT_CLEAR;
  return { row, sent: { adapter, account, order } };
}

/** Sends the order of a pending row and writes what came of it; an AppError when refused. */
async function settle(
  deps: Pick<Deps, "clock" | "db" | "orderLookup">,
  row: TransactionRow,
  { adapter, account, order }: Sent,
  req: OpenRequest,
): Promise<TransactionRow | AppError> {
  const t = transactions;
  const stillPending = and(eq(t.id, row.id), eq(t.orderState, "pending"));
  let result: OrderResult;
  try {
    result = await placeOrFind(adapter, account, order, deps.orderLookup);
  } catch (err) {
    if (err instanceof InDoubtError) {
      // Nobody can tell yet whether it filled: the resolver takes it from here.
      const now = deps.clock.now();
      const [waiting] = await deps.db.update(t)
        .set({ orderNote: err.message, orderCheckAt: nextCheckAt(now, now), updatedAt: now })
        .where(stillPending).returning();
      return waiting ?? await current(deps, row);
    }
    if (!(err instanceof ExchangeError) && !(err instanceof AppError)) {
      // Not the exchange's answer (a fault of ours): the row stays pending for the resolver.
      logError(`order ${openOrderId(row.id)}: sending failed`, err);
      return row;
    }
    // Refused: nothing happened on the exchange, so nothing stays behind (the call outcome the
    // row was written with goes with it).
    await deps.db.transaction(async (tx) => {
      const [gone] = await tx.delete(t).where(stillPending).returning({ id: t.id });
      if (gone) await tx.delete(callOutcomes).where(eq(callOutcomes.transactionId, gone.id));
    });
    return exchangeFailure(req.values.exchange, err);
  }
  const now = deps.clock.now();
  const [filled] = await deps.db.update(t).set({
    ...openingFill(result, req.values),
    orderState: null,
    orderNote: null,
    orderCheckAt: null,
    updatedAt: now,
  }).where(stillPending).returning();
  // Not pending any more: the resolver settled it first.
  return filled ?? await current(deps, row);
}

async function current(deps: Pick<Deps, "db">, row: TransactionRow) {
  const [now] = await deps.db.select().from(transactions).where(eq(transactions.id, row.id));
  return now ?? row;
}

/** The answer's message for a row left pending (202). */
export const pendingMessage = (row: Pick<TransactionRow, "id" | "exchange">) =>
  msg("trading.orderPending", {
    exchange: exchangeTitle(row.exchange),
    clientOrderId: openOrderId(row.id),
  });

/** Exchange refusals are the caller's to fix (400); an exchange that fails or is unreachable, 502. */
export function exchangeFailure(exchange: string, err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof InDoubtError) {
    return new AppError(
      "UNAVAILABLE",
      msg("exchange.checkOrder", {
        ...err.coded?.params,
        orderId: err.clientOrderId,
        exchange: exchangeTitle(exchange),
      }),
    );
  }
  if (err instanceof ExchangeError) {
    const code = err.status !== undefined && err.status >= 500 ? "BAD_GATEWAY" : "BAD_REQUEST";
    return new AppError(code, refusalMessage(err));
  }
  const message = err instanceof Error ? err.message : String(err);
  return new AppError(
    "BAD_GATEWAY",
    msg("trading.exchangeNoAnswer", { exchange: exchangeTitle(exchange), detail: message }),
  );
}
