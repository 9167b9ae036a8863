// POST /desk/positions/{id}/close: closes an open position now with a real market order on the
// account that opened it, the bot's own closing path (transactions/close-order.ts). Checked like
// every order first: a fresh feed price (it prices the order), the owner's halts and limits. Then
// written ahead: the row is claimed (closing_since) before anything is sent, so neither the bot
// worker nor a second click can send another close, and a process dying mid-close leaves the claim
// for the engine's lookup of interrupted claims (engine/claims.ts). The answer waits
// ORDER_ANSWER_MS for the exchange; past it the caller gets { pending } and the owner's socket
// hears the outcome. A refusal releases the claim (nothing was placed); an answer nobody can
// confirm keeps it, and the owner is told which order to check, as the bot does.
import { and, eq, isNull } from "drizzle-orm";
import type { SessionUser } from "../auth/sessions.ts";
import { can } from "../auth/roles.shared.ts";
import { afterAnswer } from "../core/after-answer.ts";
import { dec } from "../core/decimal.shared.ts";
import { AppError, badRequest, conflict, notFound } from "../core/errors.ts";
import { type CodedMessage, msg, type Saying, wrapping } from "../core/messages.shared.ts";
import { outsideRequest } from "../core/request-scope.ts";
import { transactions as t, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { ExchangeError } from "../exchanges/adapter.ts";
import { InDoubtError } from "../exchanges/in-doubt.ts";
import { exchangeTitle, findPair } from "../exchanges/pairs.shared.ts";
import { sayingOf } from "../exchanges/refusals.ts";
import { logError } from "../core/log-error.ts";
import { openIfAllowed } from "../trading-halts/guard.ts";
import { closeTransaction, closingSize, Refused, stillOpen } from "../transactions/close-order.ts";
import { feedPrice } from "../transactions/create.ts";
import { exchangeFailure } from "../transactions/open.ts";
import { closeOrderId } from "../transactions/record.ts";
import { toTransactionView, type TransactionRow } from "../transactions/view.ts";
import { closedTrades } from "./closed.ts";
import type { ClosedTrade } from "./schema.shared.ts";

export type CloseNowDeps = Pick<
  Deps,
  | "clock"
  | "config"
  | "database"
  | "db"
  | "exchanges"
  | "market"
  | "onTradeError"
  | "onTransactionChanged"
  | "orderLookup"
  | "secretBox"
>;

export type CloseNowResult = { closed: ClosedTrade } | { pending: true; id: number };

export async function closeNow(
  deps: CloseNowDeps,
  user: SessionUser,
  id: number,
): Promise<CloseNowResult> {
  const [row] = await deps.db.select().from(t).where(eq(t.id, id));
  // Someone else's row does not exist for a User or a Lead.
  if (!row || (row.userId !== user.id && !can(user.role, "transactions.editAll"))) {
    throw notFound(msg("transactions.notFound"));
  }
  const pair = findPair(row.pair);
  if (
    row.kind !== "trade" || row.adapter === "none" || !pair || pair.nft ||
    (row.exchange !== "binance" && row.exchange !== "gate")
  ) {
    throw badRequest(msg("desk.notClosable", { id }));
  }
  if (row.status === "DONE" || row.orderState !== null || row.closingSince !== null) {
    throw conflict(msg("desk.notOpen", { id }));
  }
  const price = feedPrice(deps, row.exchange, pair);
  const side = row.status === "BUY" ? "SELL" : "BUY";
  const size = closingSize(row, side);
  const amount = size.quoteAmount ?? dec(size.quantity).mul(price).toFixed(8);
  const claimed = await openIfAllowed(
    deps,
    { userId: row.userId, exchange: row.exchange, amount },
    () => claim(deps, row),
  );
  // Sent outside the request: the close outlives its deadline, its writes are not the request's.
  const sending = outsideRequest(() => settle(deps, claimed, side, price));
  const answer = await Promise.race([sending, late(deps.config.ORDER_ANSWER_MS)]);
  if (answer === LATE) {
    afterAnswer(`close ${closeOrderId(id)}`, async () => {
      const settled = await sending;
      if (settled instanceof AppError) tell(deps, row, side, settled);
    });
    return { pending: true, id };
  }
  if (answer instanceof AppError) throw answer;
  if (answer === UNCLEAR) return { pending: true, id };
  const [closed] = await closedTrades(deps, eq(t.id, id), 1);
  return { closed };
}

const LATE = Symbol("late");
/** Sent, but nobody can tell whether it filled: the claim stays for a person. */
const UNCLEAR = Symbol("unclear");

const late = (ms: number) =>
  new Promise<typeof LATE>((resolve) => setTimeout(() => resolve(LATE), ms));

/** The write-ahead claim, under the same condition as the bot worker's: open, unclaimed, a trade. */
async function claim(deps: Pick<Deps, "clock" | "db">, row: TransactionRow) {
  const [claimed] = await deps.db.update(t).set({ closingSince: deps.clock.now() })
    .where(and(stillOpen(row), isNull(t.closingSince), isNull(t.orderState))).returning();
  if (!claimed) throw conflict(msg("desk.notOpen", { id: row.id }));
  return claimed;
}

/** Places the closing order under the claim and records what came of it. */
async function settle(
  deps: CloseNowDeps,
  row: TransactionRow,
  side: "BUY" | "SELL",
  price: string,
): Promise<TransactionRow | AppError | typeof UNCLEAR> {
  try {
    const done = await closeTransaction(deps, row, side, price);
    // Closed meanwhile by hand (set-status releases any claim): nothing of ours to record.
    if (!done) return new AppError("CONFLICT", msg("desk.notOpen", { id: row.id }));
    await changed(deps, done);
    return done;
  } catch (err) {
    const refused = err instanceof Refused ||
      (err instanceof ExchangeError && !(err instanceof InDoubtError));
    if (!refused) {
      // The order may exist: the claim stays, marked, and the owner learns what to check.
      logError(`close ${closeOrderId(row.id)}: outcome unknown`, err);
      await deps.db.update(t).set({ closeErrorAt: deps.clock.now() }).where(stillOpen(row));
      const said = wrapping("worker.unclear", "reason", sayingOf(err), {
        orderId: closeOrderId(row.id),
        exchange: exchangeTitle(row.exchange),
      });
      tell(deps, row, side, new AppError("UNAVAILABLE", said));
      return UNCLEAR;
    }
    // Nothing was placed: the position is open again, for the bot or another try.
    await deps.db.update(t).set({ closingSince: null }).where(stillOpen(row));
    if (err instanceof Refused && err.quiet) throw err.cause ?? err;
    return err instanceof Refused
      ? new AppError("BAD_REQUEST", coded(err.said))
      : exchangeFailure(row.exchange, err);
  }
}

function tell(deps: CloseNowDeps, row: TransactionRow, side: "BUY" | "SELL", err: AppError) {
  deps.onTradeError(row.userId, {
    action: side,
    transactionId: row.id,
    message: err.said.text,
    code: err.said.code,
    params: err.said.params,
  });
}

async function changed(deps: CloseNowDeps, row: TransactionRow) {
  const [owner] = await deps.db.select({ username: users.username }).from(users)
    .where(eq(users.id, row.userId));
  deps.onTransactionChanged(toTransactionView(row, owner?.username ?? ""));
}

const coded = (said: Saying): CodedMessage | string =>
  said.code ? { ...said, code: said.code, params: said.params ?? {} } : said.text;
