// What the two signed-REST adapters (binance, gate) share: the dependencies they are built with and
// the refusal of an account that has no keys, before anything is signed.
import type { Clock } from "../core/clock.ts";
import { msg } from "../core/messages.shared.ts";
import { type AccountRef, type Credentials, ExchangeError } from "./adapter.ts";
import type { Fetch } from "./http.ts";
import type { Markets } from "./markets/markets.ts";

export interface RestAdapterDeps {
  baseUrl: string;
  clock: Clock;
  markets: Markets;
  /** The current price: checks a market order's value (and, on Gate, sizes a BUY given by quantity). */
  priceOf: (pair: string) => string | undefined;
  fetch?: Fetch;
  /** How long an answer is awaited before the order is in doubt; default 10 s. */
  timeoutMs?: number;
}

const TITLES = { binance: "Binance", gate: "Gate" } as const;

/** The account's keys; an account without them is refused in the exchange's name. */
export function credentialsOf(exchange: keyof typeof TITLES, account: AccountRef): Credentials {
  if (!account.credentials) {
    throw new ExchangeError(exchange, msg("keys.missing", { exchange: TITLES[exchange] }));
  }
  return account.credentials;
}
