// Binance's public combined bookTicker stream; the price is the best bid "b". It streams the pairs
// Binance trades (the stored markets: no BTCUSD/ETHUSD, no delisted BUSD), because Binance keeps a
// stream for an unknown symbol open and silent. Binance pings and the WebSocket answers by itself.
import type { Pair } from "./feed.shared.ts";
import { isPrice, LiveFeed, type LiveFeedOptions } from "./live-feed.ts";
import { exchangeSymbol, pairFromSymbol } from "../exchanges/pairs.shared.ts";
import { storedPairs } from "../exchanges/markets/markets.ts";

interface BookTickerFrame {
  stream?: string;
  data?: { u?: number; s?: string; b?: string; B?: string; a?: string; A?: string };
}

export function binanceStreamUrl(baseUrl: string, pairs: readonly Pair[]) {
  const streams = pairs.map((p) => `${exchangeSymbol("binance", p)!.toLowerCase()}@bookTicker`);
  return `${baseUrl.replace(/\/+$/, "")}/stream?streams=${streams.join("/")}`;
}

export function binanceFeed(baseUrl: string, opts: Omit<LiveFeedOptions, "exchange">) {
  const pairs = storedPairs("binance");
  return new LiveFeed({
    source: "binance",
    pairs,
    url: binanceStreamUrl(baseUrl, pairs),
    hello: () => Promise.resolve([]),
    parse(frame) {
      const data = (JSON.parse(frame) as BookTickerFrame).data;
      const pair = data?.s && pairFromSymbol("binance", data.s);
      return pair && isPrice(data.b) ? [{ pair, price: data.b }] : [];
    },
  }, { ...opts, exchange: "binance" });
}
