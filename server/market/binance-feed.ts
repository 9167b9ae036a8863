// Binance's public combined bookTicker stream; the price is the best bid "b". It streams the pairs
// Binance trades now (its markets: status TRADING; no BTCUSD/ETHUSD, no delisted BUSD), named in
// the URL, because Binance keeps a stream for an unknown or halted symbol open and silent. A silent
// pair is subscribed again on the open socket (SUBSCRIBE), never by reopening it. Binance pings
// and the WebSocket answers by itself.
import type { Pair } from "./feed.shared.ts";
import { isPrice, LiveFeed, type LiveFeedOptions } from "./live-feed.ts";
import { exchangeSymbol, pairFromSymbol } from "../exchanges/pairs.shared.ts";
import { storedPairs } from "../exchanges/markets/markets.ts";

interface BookTickerFrame {
  stream?: string;
  data?: { u?: number; s?: string; b?: string; B?: string; a?: string; A?: string };
  /** The answer to a SUBSCRIBE: `result` null, or an error. */
  id?: number;
  error?: { code?: number; msg?: string };
}

const streamOf = (pair: Pair) => `${exchangeSymbol("binance", pair)!.toLowerCase()}@bookTicker`;

export function binanceStreamUrl(baseUrl: string, pairs: readonly Pair[]) {
  return `${baseUrl.replace(/\/+$/, "")}/stream?streams=${pairs.map(streamOf).join("/")}`;
}

export function binanceFeed(baseUrl: string, opts: Omit<LiveFeedOptions, "exchange">) {
  let requestId = 0;
  return new LiveFeed({
    source: "binance",
    pairs: storedPairs("binance"),
    url: (pairs) => binanceStreamUrl(baseUrl, pairs),
    hello: () => Promise.resolve([]),
    subscribe: (pairs) =>
      Promise.resolve([
        JSON.stringify({ method: "SUBSCRIBE", params: pairs.map(streamOf), id: ++requestId }),
      ]),
    parse(frame, log) {
      const msg = JSON.parse(frame) as BookTickerFrame;
      if (msg.error) log(`request ${msg.id} refused: ${msg.error.msg}`);
      const data = msg.data;
      const pair = data?.s && pairFromSymbol("binance", data.s);
      return pair && isPrice(data.b) ? [{ pair, price: data.b }] : [];
    },
  }, { ...opts, exchange: "binance" });
}
