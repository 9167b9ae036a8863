// A fake Binance on 127.0.0.1: spot REST (exchangeInfo, time, order, order lookup, myTrades,
// account) that verifies signatures and enforces the symbol filters the way Binance does, and the
// combined bookTicker stream. Its markets are the committed snapshot (server/exchanges/markets/),
// served in Binance's own format. It signs with node:crypto, not our Web Crypto code, so a signing
// bug cannot cancel itself out.
//
// Rules it keeps, as Binance: -1013 `Filter failure: LOT_SIZE|MARKET_LOT_SIZE|PRICE_FILTER|NOTIONAL`
// (minimums, step, maxQty, maxPrice, min/maxNotional as applyMin/MaxToMarket say), -1111 precision,
// -1021 recvWindow, -1022 signature, -2015 key, -2010 balance or duplicate client order id, -2013
// unknown order. A MARKET order fills at once at the book (BUY at the ask, SELL at the bid); a
// LIMIT order stays NEW, its funds locked. The 0.1% taker commission is taken from the asset
// received, reported in the order answer's `fills[]` (commission, commissionAsset) and in
// `GET /api/v3/myTrades`; balances move by exactly what was filled and charged.
//
// Knobs (what tests set or read):
// - options: `now` (Binance's time in ms), `balances` (free per asset, default USDT 10000, BTC 1),
//   `apiKey`/`secret`, `sleep` (what a held answer waits on; default a real timer).
// - `bookTicker(symbol, bid, ask?)`: sets the book orders fill at and streams it.
// - `troubleNextOrder({ kind, afterFill, holdMs?, blindLookups? })` (tests/fakes/order-trouble.ts):
//   the next order's answer is held `holdMs` (default 30 s) ("hold"), never given ("hang"), cut
//   mid-answer ("drop"), a gateway's 502 page ("502") or Binance's 503 -1001 ("503"); with
//   `afterFill` the order fills first, so a lookup finds it while the answer is away. `blindLookups`:
//   so many next lookups answer 503. `held` counts waiting answers; `releaseHeld()` lets them go.
// - `candles(symbol, interval, bars)`: the history GET /api/v3/klines serves (public, unsigned):
//   open times in [startTime, endTime], at most `limit` (default 500, over 1000 -1130), an unknown
//   interval -1120, an unknown symbol -1121. `historyTrouble("503" | "hang" | null)`: its answers
//   fail or never come (until closed or set back); `historyRequests` records them.
// - `skewClock(ms)`: Binance's clock moves against ours (-1021, /api/v3/time).
// - `halt(symbol, on = true)`: the symbol is not TRADING (exchangeInfo status HALT, orders -1013
//   "Market is closed."); its stream stays open and silent, as Binance's does.
// - Reading: `orders` (every order as sent), `requests` (every signed request), `wallets`
//   (free/locked per asset), `balance(asset)` (free + locked), `trades` (every fill, commission in
//   it), `streamsRequested` (each connection's URL streams), `frames` (SUBSCRIBE/UNSUBSCRIBE sent on
//   a stream, answered `{ result: null, id }`), `streamConnects`, `openStreams`; `broadcast`,
//   `dropStreams` for the stream.
import { createHmac } from "node:crypto";
import { Decimal } from "decimal.js";
import snapshot from "../../server/exchanges/markets/snapshot.json" with { type: "json" };
import { orderTroubles, type TroubleOptions } from "./order-trouble.ts";

export type { OrderTrouble } from "./order-trouble.ts";

type SymbolInfo = (typeof snapshot.binance.symbols)[number];

const SYMBOLS = new Map(snapshot.binance.symbols.map((s) => [s.symbol, s]));
/** Binance's taker commission, taken from the asset received. */
const COMMISSION = new Decimal("0.001");

export interface FakeBinanceOptions extends TroubleOptions {
  apiKey?: string;
  secret?: string;
  /** Server time in ms, for the recvWindow check. */
  now?: () => number;
  balances?: Record<string, string>;
}

interface Wallet {
  free: Decimal;
  locked: Decimal;
}

const error = (status: number, code: number, msg: string) =>
  Response.json({ code, msg }, { status });

/** Binance signs the query string then the body, with the signature parameter left out. */
const withoutSignature = (raw: string) =>
  raw.split("&").filter((p) => p && !p.startsWith("signature=")).join("&");

const filterOf = (info: SymbolInfo, type: string) =>
  info.filters.find((f) => f.filterType === type) as unknown as Record<string, string>;

/** On the grid: (value - min) is a whole number of steps (a zero step is no rule). */
const onGrid = (value: Decimal, min: string, step: string) =>
  new Decimal(step).isZero() || value.minus(min).mod(step).isZero();

/** The first filter the order fails, as Binance names it, or null. */
function filterFailure(info: SymbolInfo, type: string, qty: Decimal, price: Decimal) {
  const lot = filterOf(info, "LOT_SIZE");
  if (qty.lt(lot.minQty) || qty.gt(lot.maxQty) || !onGrid(qty, lot.minQty, lot.stepSize)) {
    return "LOT_SIZE";
  }
  const market = type === "MARKET";
  const marketLot = filterOf(info, "MARKET_LOT_SIZE");
  if (
    market && marketLot &&
    (qty.lt(marketLot.minQty) || qty.gt(marketLot.maxQty) ||
      !onGrid(qty, marketLot.minQty, marketLot.stepSize))
  ) return "MARKET_LOT_SIZE";
  const priceFilter = filterOf(info, "PRICE_FILTER");
  if (
    !market &&
    (price.lt(priceFilter.minPrice) || price.gt(priceFilter.maxPrice) ||
      !onGrid(price, priceFilter.minPrice, priceFilter.tickSize))
  ) {
    return "PRICE_FILTER";
  }
  // NOTIONAL applies to market orders only where applyMinToMarket / applyMaxToMarket say so.
  const notional = filterOf(info, "NOTIONAL") as unknown as Record<string, string | boolean>;
  const value = qty.mul(price);
  if ((!market || notional.applyMinToMarket) && value.lt(notional.minNotional as string)) {
    return "NOTIONAL";
  }
  if ((!market || notional.applyMaxToMarket) && value.gt(notional.maxNotional as string)) {
    return "NOTIONAL";
  }
  return null;
}

const decimals = (text: string) => (text.split(".")[1] ?? "").length;

/** Binance's kline intervals and their length in ms (1M left out: months are not one length). */
const KLINE_MS: Record<string, number> = {
  "1s": 1000,
  "1m": 60_000,
  "3m": 180_000,
  "5m": 300_000,
  "15m": 900_000,
  "30m": 1_800_000,
  "1h": 3_600_000,
  "2h": 7_200_000,
  "4h": 14_400_000,
  "6h": 21_600_000,
  "8h": 28_800_000,
  "12h": 43_200_000,
  "1d": 86_400_000,
  "3d": 259_200_000,
  "1w": 604_800_000,
};

/** A bar a test gives a fake exchange's history: open time in ms, prices as decimal strings. */
export interface FakeBar {
  t: number;
  o: string;
  h: string;
  l: string;
  c: string;
}

/** What goes wrong with a fake's history answers: Binance's or Gate's 5xx, or none at all. */
export type HistoryTrouble = "503" | "hang" | null;

/** Answers that never come until released (the fake closes, or the trouble is set back). */
export function hangingAnswers() {
  const waiting = new Set<() => void>();
  return {
    hang(answer: () => Response) {
      return new Promise<Response>((resolve) => waiting.add(() => resolve(answer())));
    },
    release() {
      for (const go of waiting) go();
      waiting.clear();
    },
  };
}

export function startFakeBinance(opts: FakeBinanceOptions = {}) {
  const apiKey = opts.apiKey ?? "binance-test-key";
  const secret = opts.secret ?? "binance-test-secret";
  const now = () => (opts.now ?? Date.now)() + clockSkewMs;
  const wallets = new Map<string, Wallet>(
    Object.entries(opts.balances ?? { USDT: "10000", BTC: "1" })
      .map(([asset, free]) => [asset, { free: new Decimal(free), locked: new Decimal(0) }]),
  );
  const books = new Map<string, { bid: string; ask: string }>();
  const sockets = new Set<{ socket: WebSocket; streams: string[] }>();
  const orders: Record<string, string>[] = [];
  /** Every order answer, by client order id, for GET /api/v3/order. */
  const placed = new Map<string, Record<string, unknown>>();
  /** Every fill, for GET /api/v3/myTrades (the only place a looked-up order's commission is). */
  const trades: Record<string, unknown>[] = [];
  /** Every REST request as sent (method, path, parameters): the captured wire. */
  const requests: { method: string; path: string; params: Record<string, string> }[] = [];
  const troubles = orderTroubles(opts);
  let clockSkewMs = 0;
  let nextOrderId = 1000;
  let updateId = 1;
  let streamConnects = 0;
  const streamsRequested: string[][] = [];
  /** Every frame stream clients sent (SUBSCRIBE ...), in order. */
  const frames: { method?: string; params?: string[]; id?: number }[] = [];
  /** Symbols not TRADING: exchangeInfo says HALT, orders are refused, streams stay silent. */
  const halted = new Set<string>();
  /** Kline history by `${symbol} ${interval}`. */
  const history = new Map<string, FakeBar[]>();
  const historyRequests: Record<string, string>[] = [];
  let historyTrouble: HistoryTrouble = null;
  const hanging = hangingAnswers();

  const wallet = (asset: string) => {
    if (!wallets.has(asset)) wallets.set(asset, { free: new Decimal(0), locked: new Decimal(0) });
    return wallets.get(asset)!;
  };

  function klines(p: URLSearchParams) {
    historyRequests.push(Object.fromEntries(p));
    if (historyTrouble === "503") {
      return error(503, -1001, "Internal error; unable to process your request.");
    }
    if (historyTrouble === "hang") return hanging.hang(() => error(503, -1007, "Timeout."));
    const symbol = p.get("symbol") ?? "";
    if (!SYMBOLS.has(symbol)) return error(400, -1121, "Invalid symbol.");
    const interval = p.get("interval") ?? "";
    const step = KLINE_MS[interval];
    if (!step) return error(400, -1120, "Invalid interval.");
    const limit = Number(p.get("limit") ?? 500);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
      return error(400, -1130, "Data sent for parameter 'limit' is not valid.");
    }
    const start = Number(p.get("startTime") ?? 0);
    const end = Number(p.get("endTime") ?? Number.MAX_SAFE_INTEGER);
    const bars = (history.get(`${symbol} ${interval}`) ?? [])
      .filter((b) => b.t >= start && b.t <= end)
      .sort((a, b) => a.t - b.t)
      .slice(0, limit);
    return Response.json(bars.map((b) => [
      b.t,
      b.o,
      b.h,
      b.l,
      b.c,
      "1.00000000",
      b.t + step - 1,
      b.c,
      1,
      "0.50000000",
      new Decimal(b.c).div(2).toFixed(8),
      "0",
    ]));
  }

  async function authenticate(req: Request, url: URL) {
    const body = req.method === "POST" ? await req.text() : "";
    const query = url.search.slice(1);
    const params = new URLSearchParams(query);
    for (const [k, v] of new URLSearchParams(body)) params.set(k, v);
    requests.push({ method: req.method, path: url.pathname, params: Object.fromEntries(params) });
    if (req.headers.get("X-MBX-APIKEY") !== apiKey) {
      return error(401, -2015, "Invalid API-key, IP, or permissions for action.");
    }
    const signed = withoutSignature(query) + withoutSignature(body);
    const expected = createHmac("sha256", secret).update(signed).digest("hex");
    if (params.get("signature") !== expected) {
      return error(400, -1022, "Signature for this request is not valid.");
    }
    const timestamp = Number(params.get("timestamp"));
    const recvWindow = Number(params.get("recvWindow") ?? 5000);
    if (!(timestamp < now() + 1000 && now() - timestamp <= recvWindow)) {
      return error(400, -1021, "Timestamp for this request is outside of the recvWindow.");
    }
    return params;
  }

  function placeOrder(p: URLSearchParams) {
    const info = SYMBOLS.get(p.get("symbol") ?? "");
    if (!info) return error(400, -1121, "Invalid symbol.");
    if (halted.has(info.symbol)) return error(400, -1013, "Market is closed.");
    const [base, quote] = [info.baseAsset, info.quoteAsset];
    const side = p.get("side");
    const type = p.get("type");
    for (const field of ["quantity", "price"]) {
      const v = p.get(field);
      if (v !== null && decimals(v) > info.baseAssetPrecision) {
        return error(400, -1111, `Parameter '${field}' has too much precision.`);
      }
    }
    if (placed.has(p.get("newClientOrderId") ?? "")) {
      return error(400, -2010, "Duplicate order sent.");
    }
    const qty = new Decimal(p.get("quantity") ?? "0");
    const book = books.get(info.symbol);
    const price = type === "LIMIT"
      ? new Decimal(p.get("price") ?? "0")
      : book && new Decimal(side === "BUY" ? book.ask : book.bid);
    if (!price || price.lte(0)) return error(400, -1013, "Market is closed.");
    const failed = filterFailure(info, type ?? "", qty, price);
    if (failed) return error(400, -1013, `Filter failure: ${failed}`);
    const spend = side === "BUY" ? wallet(quote) : wallet(base);
    const cost = side === "BUY" ? qty.mul(price) : qty;
    if (spend.free.lt(cost)) {
      return error(400, -2010, "Account has insufficient balance for requested action.");
    }
    spend.free = spend.free.minus(cost);
    const filled = type === "MARKET";
    const gross = side === "BUY" ? qty : qty.mul(price);
    const commission = gross.mul(COMMISSION).toDecimalPlaces(8, Decimal.ROUND_UP);
    const commissionAsset = side === "BUY" ? base : quote;
    if (filled) {
      const receive = side === "BUY" ? wallet(base) : wallet(quote);
      receive.free = receive.free.plus(gross.minus(commission));
    } else {
      spend.locked = spend.locked.plus(cost);
    }
    orders.push(Object.fromEntries(p));
    const answer = {
      symbol: info.symbol,
      orderId: nextOrderId++,
      orderListId: -1,
      clientOrderId: p.get("newClientOrderId"),
      transactTime: now(),
      price: type === "LIMIT" ? price.toFixed(8) : "0.00000000",
      origQty: qty.toFixed(8),
      executedQty: filled ? qty.toFixed(8) : "0.00000000",
      cummulativeQuoteQty: filled ? qty.mul(price).toFixed(8) : "0.00000000",
      status: filled ? "FILLED" : "NEW",
      timeInForce: p.get("timeInForce") ?? "GTC",
      type,
      side,
    };
    placed.set(String(answer.clientOrderId), answer);
    if (filled) {
      trades.push({
        symbol: info.symbol,
        id: trades.length + 1,
        orderId: answer.orderId,
        price: price.toFixed(8),
        qty: qty.toFixed(8),
        quoteQty: qty.mul(price).toFixed(8),
        commission: commission.toFixed(8),
        commissionAsset,
        time: now(),
        isBuyer: side === "BUY",
        isMaker: false,
      });
    }
    return Response.json({
      ...answer,
      fills: filled
        ? [{
          price: price.toFixed(8),
          qty: qty.toFixed(8),
          commission: commission.toFixed(8),
          commissionAsset,
        }]
        : [],
    });
  }

  const unavailable = (timedOut: boolean) =>
    timedOut
      ? error(503, -1007, "Timeout waiting for response from backend server.")
      : error(503, -1001, "Internal error; unable to process your request.");

  function findOrder(p: URLSearchParams) {
    if (troubles.blindLookup()) return unavailable(false);
    if (!SYMBOLS.has(p.get("symbol") ?? "")) return error(400, -1121, "Invalid symbol.");
    const found = placed.get(p.get("origClientOrderId") ?? "");
    return found ? Response.json(found) : error(400, -2013, "Order does not exist.");
  }

  /** SUBSCRIBE / UNSUBSCRIBE on an open combined stream, answered `{ result: null, id }`. */
  function onFrame(entry: { socket: WebSocket; streams: string[] }, raw: string) {
    const msg = JSON.parse(raw);
    frames.push(msg);
    const names: string[] = msg.params ?? [];
    if (msg.method === "SUBSCRIBE") {
      entry.streams.push(...names.filter((n) => !entry.streams.includes(n)));
    } else if (msg.method === "UNSUBSCRIBE") {
      entry.streams = entry.streams.filter((n) => !names.includes(n));
    } else {
      return entry.socket.send(
        JSON.stringify({ error: { code: 2, msg: `Invalid request: ${msg.method}` }, id: msg.id }),
      );
    }
    entry.socket.send(JSON.stringify({ result: null, id: msg.id }));
  }

  function stream(req: Request, url: URL) {
    const { socket, response } = Deno.upgradeWebSocket(req);
    const entry = { socket, streams: (url.searchParams.get("streams") ?? "").split("/") };
    streamsRequested.push([...entry.streams]);
    socket.onopen = () => {
      streamConnects++;
      sockets.add(entry);
    };
    socket.onmessage = (e) => onFrame(entry, e.data);
    socket.onclose = () => sockets.delete(entry);
    return response;
  }

  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, async (req) => {
    const url = new URL(req.url);
    if (url.pathname === "/stream" && req.headers.get("upgrade") === "websocket") {
      return stream(req, url);
    }
    if (url.pathname === "/api/v3/exchangeInfo") {
      return Response.json({
        ...snapshot.binance,
        symbols: snapshot.binance.symbols.map((s) =>
          halted.has(s.symbol) ? { ...s, status: "HALT" } : s
        ),
      });
    }
    if (url.pathname === "/api/v3/time") return Response.json({ serverTime: now() });
    if (req.method === "GET" && url.pathname === "/api/v3/klines") {
      return await klines(url.searchParams);
    }
    if (!["/api/v3/order", "/api/v3/account", "/api/v3/myTrades"].includes(url.pathname)) {
      return error(404, -1000, "Not found.");
    }
    const params = await authenticate(req, url);
    if (params instanceof Response) return params;
    if (req.method === "POST" && url.pathname === "/api/v3/order") {
      return troubles.pending
        ? await troubles.answer(() => placeOrder(params), unavailable)
        : placeOrder(params);
    }
    if (req.method === "GET" && url.pathname === "/api/v3/order") return findOrder(params);
    if (req.method === "GET" && url.pathname === "/api/v3/myTrades") {
      const orderId = Number(params.get("orderId"));
      return Response.json(
        trades.filter((t) => t.symbol === params.get("symbol") && t.orderId === orderId),
      );
    }
    if (req.method === "GET" && url.pathname === "/api/v3/account") {
      const omitZero = params.get("omitZeroBalances") === "true";
      const balances = [...wallets]
        .filter(([, w]) => !omitZero || !w.free.isZero() || !w.locked.isZero())
        .map(([asset, w]) => ({ asset, free: w.free.toFixed(8), locked: w.locked.toFixed(8) }));
      return Response.json({ makerCommission: 10, canTrade: true, accountType: "SPOT", balances });
    }
    return error(405, -1000, "Method not allowed.");
  });
  const port = server.addr.port;

  return {
    restUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    apiKey,
    secret,
    orders,
    wallets,
    requests,
    trades,
    /** Free plus locked, as a decimal string: what the account holds of `asset`. */
    balance(asset: string) {
      return wallet(asset).free.plus(wallet(asset).locked).toFixed();
    },
    /** What goes wrong with the next order's answer (see the top of this file). */
    troubleNextOrder: troubles.set,
    /** Answers now held back ("hold", "hang"). */
    get held() {
      return troubles.held;
    },
    /** Sends every held answer now; how many there were. */
    releaseHeld: troubles.releaseHeld,
    /** Sets the kline history of `symbol` ("BTCUSDT") at `interval` ("1m"). */
    candles(symbol: string, interval: string, bars: FakeBar[]) {
      history.set(`${symbol} ${interval}`, bars);
    },
    /** Every GET /api/v3/klines, its query parameters. */
    historyRequests,
    /** How the history answers from now on (null: as it should). */
    historyTrouble(kind: HistoryTrouble) {
      historyTrouble = kind;
      if (kind !== "hang") hanging.release();
    },
    /** Moves Binance's clock against ours (recvWindow checks, /api/v3/time). */
    skewClock(ms: number) {
      clockSkewMs = ms;
    },
    /** The stream names of each connection's URL, in order. */
    streamsRequested,
    frames,
    /** Stops trading `symbol` (status HALT) or, with `false`, trades it again. */
    halt(symbol: string, on = true) {
      if (on) halted.add(symbol);
      else halted.delete(symbol);
    },
    /** Stream connections accepted so far (a reconnect adds one). */
    get streamConnects() {
      return streamConnects;
    },
    get openStreams() {
      return sockets.size;
    },
    /** Sets the book and sends a bookTicker frame to every socket subscribed to the symbol. */
    bookTicker(symbol: string, bid: string, ask = bid) {
      books.set(symbol, { bid, ask });
      const name = `${symbol.toLowerCase()}@bookTicker`;
      const data = { u: updateId++, s: symbol, b: bid, B: "1.00000000", a: ask, A: "1.00000000" };
      for (const { socket, streams } of sockets) {
        if (streams.includes(name)) socket.send(JSON.stringify({ stream: name, data }));
      }
    },
    /** Sends a raw frame to every stream connection. */
    broadcast(frame: string) {
      for (const { socket } of sockets) socket.send(frame);
    },
    /** Drops every stream connection, as Binance does at its 24 h limit or on maintenance. */
    dropStreams() {
      for (const { socket } of sockets) socket.close(1001, "going away");
    },
    async close() {
      troubles.releaseHeld();
      hanging.release();
      for (const { socket } of sockets) socket.close();
      await server.shutdown();
    },
  };
}

export type FakeBinance = ReturnType<typeof startFakeBinance>;
