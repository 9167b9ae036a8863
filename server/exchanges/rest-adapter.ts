// What the two signed-REST adapters (binance, gate) share: the dependencies they are built with,
// the refusal of an account that has no keys, before anything is signed, and the exchange's clock.
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

/** What a public (unsigned) read needs: where the exchange is and how long to wait for it. */
export type PublicDeps = Pick<RestAdapterDeps, "baseUrl" | "fetch" | "timeoutMs">;

const TITLES = { binance: "Binance", gate: "Gate" } as const;

/** The account's keys; an account without them is refused in the exchange's name. */
export function credentialsOf(exchange: keyof typeof TITLES, account: AccountRef): Credentials {
  if (!account.credentials) {
    throw new ExchangeError(exchange, msg("keys.missing", { exchange: TITLES[exchange] }));
  }
  return account.credentials;
}

export interface ExchangeClockDeps {
  clock: Clock;
  /** The exchange's error code for a request signed too far from its time (clock skew). */
  skewCode: string;
  /** Reads the exchange's time, in ms (Binance GET /api/v3/time, Gate GET /spot/time). */
  serverTimeMs(): Promise<number>;
}

/**
 * Our clock as the exchange sees it. An exchange refuses a signed request whose timestamp is too
 * far from its own time (Binance -1021 outside recvWindow, Gate REQUEST_EXPIRED); then its time is
 * read, the offset (at the midpoint of the round trip) kept for every later request, and the
 * refused request made once more. A refused request did nothing, so an order may be sent again.
 */
export function exchangeClock(deps: ExchangeClockDeps) {
  let offsetMs = 0;

  async function sync() {
    const sent = deps.clock.now().getTime();
    const serverMs = await deps.serverTimeMs();
    const received = deps.clock.now().getTime();
    offsetMs = serverMs - Math.round((sent + received) / 2);
  }

  return {
    /** Now on the exchange's clock, in ms. */
    nowMs: () => deps.clock.now().getTime() + offsetMs,
    /** Makes the request; refused for the clock, syncs and makes it once more. */
    async inSync<T>(request: () => Promise<T>): Promise<T> {
      try {
        return await request();
      } catch (err) {
        if (!(err instanceof ExchangeError) || err.code !== deps.skewCode) throw err;
        await sync();
        return await request();
      }
    },
  };
}
