// Places an order and, when the answer is lost (timeout, connection loss, 5xx), finds out what
// happened by looking the order up by its client order id, retrying with backoff. The outcome is
// then known: the exchange's fill, a refusal (the exchange answered the last lookup that it has no
// such order), or, when it could not tell, an InDoubtError: an opening order is then recorded as
// pending and settled later (server/transactions/resolver.ts).
import { type CodedMessage, msg } from "../core/messages.shared.ts";
import {
  type AccountRef,
  type ExchangeAdapter,
  ExchangeError,
  isInDoubt,
  type OrderRequest,
  type OrderResult,
} from "./adapter.ts";

/**
 * Waits before each lookup. Gate finds a finished order by its text for about a minute only (then
 * by the finished-orders list); the whole schedule stays well inside that.
 */
export const LOOKUP_DELAYS_MS = [500, 1_000, 2_000, 4_000];

export interface LookupOptions {
  delaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
}

/** The exchange could not tell whether the order exists: a person must check. */
export class InDoubtError extends ExchangeError {
  override name = "InDoubtError";
  constructor(exchange: string, message: CodedMessage, readonly clientOrderId: string) {
    super(exchange, message, 503);
  }
}

const title = (exchange: string) => exchange === "gate" ? "Gate" : "Binance";
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function placeOrFind(
  adapter: ExchangeAdapter,
  account: AccountRef,
  order: OrderRequest,
  opts: LookupOptions = {},
): Promise<OrderResult> {
  try {
    return await adapter.placeOrder(account, order);
  } catch (err) {
    if (!isInDoubt(err)) throw err;
    return await lookUp(adapter, account, order, (err as ExchangeError).message, opts);
  }
}

/**
 * Finds out what became of an order whose answer was lost (also used for the claims of a dead
 * engine): the fill, an ExchangeError (400) when the exchange does not have it, or InDoubtError.
 */
export async function lookUp(
  adapter: ExchangeAdapter,
  account: AccountRef,
  order: OrderRequest,
  reason: string,
  opts: LookupOptions,
): Promise<OrderResult> {
  const sleep = opts.sleep ?? realSleep;
  const delays = opts.delaysMs ?? LOOKUP_DELAYS_MS;
  const name = title(adapter.name);
  // Whether the last lookup was answered: an order not found earlier may still land after it.
  let answered = false;
  let last = reason;
  for (const delay of delays) {
    await sleep(delay);
    try {
      const found = await adapter.findOrder(account, order.pair, order.clientOrderId);
      answered = true;
      if (found && found.status !== "cancelled") return found;
      if (found) {
        throw new ExchangeError(
          adapter.name,
          msg("exchange.cancelledOrder", { exchange: name, orderId: order.clientOrderId }),
          400,
        );
      }
      // Not (yet) known: a request still in flight may land later, so ask again until the last try.
    } catch (err) {
      if (!isInDoubt(err)) throw err;
      answered = false;
      last = (err as Error).message;
    }
  }
  if (answered) {
    throw new ExchangeError(
      adapter.name,
      msg("exchange.notTaken", { exchange: name, orderId: order.clientOrderId, detail: reason }),
      400,
    );
  }
  throw new InDoubtError(
    adapter.name,
    msg("exchange.notConfirmed", { exchange: name, orderId: order.clientOrderId, detail: last }),
    order.clientOrderId,
  );
}
