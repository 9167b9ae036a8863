// Gate's spot WebSocket v4: one spot.tickers subscription of the spec's Gate pairs that Gate trades
// now (its markets: trade_status tradable), price = highest_bid. With credentials the subscription
// is signed (auth: api_key, KEY, SIGN); spot.ping keeps it alive. Should Gate still refuse the whole
// subscription for one unknown pair ("unknown currency pair: BTC_USD", stale markets), that pair is
// dropped and the others subscribed again (live-feed.ts).
import type { Credentials } from "../exchanges/adapter.ts";
import { gateWsSign } from "../exchanges/signing.ts";
import { isPrice, LiveFeed, type LiveFeedOptions } from "./live-feed.ts";
import { exchangeSymbol, feedPairs, pairFromSymbol } from "../exchanges/pairs.shared.ts";

const CHANNEL = "spot.tickers";
const UNKNOWN_PAIR = /unknown currency pair:?\s*([A-Za-z0-9_]+)/i;
/** Gate closes idle connections; a ping every 10 s is well inside its limit. */
const PING_MS = 10_000;

interface GateFrame {
  channel?: string;
  event?: string;
  error?: { code?: number; message?: string } | null;
  result?: GateTicker | GateTicker[] | null;
}

interface GateTicker {
  currency_pair?: string;
  highest_bid?: string;
}

export interface GateFeedOptions extends Omit<LiveFeedOptions, "exchange"> {
  url: string;
  credentials?: Credentials;
}

export function gateFeed({ url, credentials, ...opts }: GateFeedOptions) {
  const pairs = feedPairs("gate");
  const seconds = () => Math.floor(opts.clock.now().getTime() / 1000);
  return new LiveFeed({
    source: "gate",
    pairs,
    url: () => url,
    async hello(active) {
      const time = seconds();
      const payload = active.map((p) => exchangeSymbol("gate", p));
      const auth = credentials && {
        method: "api_key",
        KEY: credentials.key,
        SIGN: await gateWsSign(credentials.secret, CHANNEL, "subscribe", time),
      };
      return [JSON.stringify({ time, channel: CHANNEL, event: "subscribe", payload, auth })];
    },
    refused(frame) {
      const msg = JSON.parse(frame) as GateFrame;
      const symbol = msg.error?.message && UNKNOWN_PAIR.exec(msg.error.message)?.[1];
      const pair = symbol && pairFromSymbol("gate", symbol);
      return pair ? [pair] : [];
    },
    parse(frame, log) {
      const msg = JSON.parse(frame) as GateFrame;
      if (msg.error) log(`${msg.channel} ${msg.event} refused: ${msg.error.message}`);
      if (msg.channel !== CHANNEL || msg.event !== "update" || !msg.result) return [];
      const tickers = Array.isArray(msg.result) ? msg.result : [msg.result];
      return tickers.flatMap((t) => {
        const pair = t.currency_pair && pairFromSymbol("gate", t.currency_pair);
        return pair && isPrice(t.highest_bid) ? [{ pair, price: t.highest_bid }] : [];
      });
    },
    ping: {
      everyMs: PING_MS,
      frame: () => JSON.stringify({ time: seconds(), channel: "spot.ping" }),
    },
  }, { ...opts, exchange: "gate" });
}
