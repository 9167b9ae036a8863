// One signed-REST round trip: network failures, non-JSON answers and error bodies all become an
// ExchangeError with a message fit to show the user, never an unhandled crash.
import { msg } from "../core/messages.shared.ts";
import { ExchangeError } from "./adapter.ts";

export type Fetch = typeof fetch;

export interface RestCall {
  exchange: "binance" | "gate";
  /** "Binance", "Gate": how messages name the exchange. */
  title: string;
  fetch: Fetch;
  url: string;
  init: RequestInit;
  /** The exchange's own message in an error body, when it has one. */
  errorMessage(body: unknown): string | undefined;
  /** The exchange's error code or label in an error body (Binance -1013, Gate BALANCE_NOT_ENOUGH). */
  errorCode?(body: unknown): string | undefined;
  timeoutMs?: number;
}

export async function restCall<T>(call: RestCall): Promise<T> {
  let res: Response;
  let text: string;
  try {
    res = await call.fetch(call.url, {
      ...call.init,
      signal: AbortSignal.timeout(call.timeoutMs ?? 10_000),
    });
    // Inside the try: a connection cut after the status line fails here, and is as much in doubt.
    text = await res.text();
  } catch (err) {
    const exchange = call.title;
    throw new ExchangeError(
      call.exchange,
      (err as Error).name === "TimeoutError"
        ? msg("exchange.timedOut", { exchange })
        : msg("exchange.unreachable", { exchange, detail: (err as Error).message }),
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (res.ok && body !== undefined) return body as T;
  const message = (body !== undefined && call.errorMessage(body)) ||
    msg("exchange.httpStatus", { exchange: call.title, status: res.status });
  const code = body !== undefined ? call.errorCode?.(body) : undefined;
  throw new ExchangeError(call.exchange, message, res.status, code);
}
