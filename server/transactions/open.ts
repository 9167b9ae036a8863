// Opens a transaction: places its order through the exchange adapter, then records it. An order
// the exchange refuses leaves nothing behind; the exchange's message goes back to the caller. An
// order nobody can confirm (its answer lost, the lookups unable to tell) is recorded as pending and
// answered 202; the resolver (resolver.ts) records what became of it.
import type { SessionUser } from "../auth/sessions.ts";
import { AppError } from "../core/errors.ts";
import type { Deps } from "../deps.ts";
import {
  type Credentials,
  ExchangeError,
  type OrderResult,
  type Side,
} from "../exchanges/adapter.ts";
import type { AdapterKind } from "../exchanges/exchanges.ts";
import { InDoubtError, placeOrFind } from "../exchanges/in-doubt.ts";
import { refusalMessage } from "../exchanges/refusals.ts";
import { exchangeTitle } from "../exchanges/pairs.shared.ts";
import type { Scoped } from "../trading-halts/day-lock.ts";
import { openIfAllowed } from "../trading-halts/guard.ts";
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
import type { TransactionRow } from "./view.ts";
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

export function openTransaction(
  deps: Pick<Deps, "clock" | "database" | "db" | "exchanges" | "orderLookup">,
  req: OpenRequest,
) {
  return openIfAllowed(deps, req.values, (scoped) => placeAndRecord(deps, scoped, req));
}

/** `scoped`: where the row is written (under a daily maximum, the limit lock's transaction). */
async function placeAndRecord(
  deps: Pick<Deps, "clock" | "db" | "exchanges" | "orderLookup">,
  scoped: Scoped,
  req: OpenRequest,
) {
  if (!req.credentials) return await insertTransaction(scoped, req.values, req);
  const { exchange, pair, quantity } = req.values;
  const adapter = deps.exchanges.adapter(exchange, req.account?.kind);
  const id = req.id ?? await reserveTransactionId(deps.db);
  const account = { id: req.account?.id ?? `user:${req.user.id}`, credentials: req.credentials };
  const order = {
    pair,
    side: req.side,
    type: "market" as const,
    quantity,
    // A market BUY spends the transaction's amount (Gate sizes market BUYs in the quote currency).
    quoteAmount: req.side === "BUY" ? req.values.amount : undefined,
    clientOrderId: openOrderId(id),
  };
  const failed = (err: unknown) => {
    throw exchangeFailure(exchange, err);
  };
  const recorded = (result: OrderResult): NewTransaction => ({
    ...req.values,
    adapter: adapter.name,
    ...openingFill(result, req.values),
  });

  if (adapter.inDatabase) {
    const planned = await adapter.inDatabase.plan(account, order).catch(failed);
    const row = await insertTransaction(scoped, recorded(planned.result), {
      id,
      outcome: req.outcome,
      fill: planned.fill,
    });
    return row ?? failed(await planned.refusal());
  }
  const result = await placeOrFind(adapter, account, order, deps.orderLookup).catch((err) => {
    if (err instanceof InDoubtError) return err;
    return failed(err);
  });
  if (result instanceof InDoubtError) {
    // Nobody can tell yet whether it filled: the row records the order, pending, for the resolver.
    const pending = { ...req.values, adapter: adapter.name, ...pendingOrder(deps, result) };
    return await insertTransaction(scoped, pending, { id, outcome: req.outcome });
  }
  try {
    return await insertTransaction(scoped, recorded(result), { id, outcome: req.outcome });
  } catch (err) {
    // The order stands on the exchange: say which, so it can be reconciled by hand.
    logError(`order ${openOrderId(id)} (${result.orderId}) placed but not recorded`, err);
    throw err;
  }
}

function pendingOrder(deps: Pick<Deps, "clock">, err: InDoubtError): Partial<NewTransaction> {
  const now = deps.clock.now();
  return {
    orderState: "pending",
    orderNote: err.message,
    orderCheckAt: nextCheckAt(now, now),
  };
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
