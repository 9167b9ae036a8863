// A fake Binance on 127.0.0.1: spot REST (exchangeInfo, time, order, order lookup, account) that
// verifies signatures and enforces the symbol filters the way Binance does (-1013 LOT_SIZE,
// PRICE_FILTER, NOTIONAL; -1021 recvWindow; -2010 balance; -2013 unknown order), and the combined
// bookTicker stream. Its markets are the committed snapshot (server/exchanges/markets/), served in
// Binance's own format. It signs with node:crypto, not our Web Crypto code, so a signing bug
// cannot cancel itself out. Tests push prices, drop connections and make an order's answer fail.
import { createHmac } from "node:crypto";
import { Decimal } from "decimal.js";
import snapshot from "../../server/exchanges/markets/snapshot.json" with { type: "json" };

type SymbolInfo = (typeof snapshot.binance.symbols)[number];

const SYMBOLS = new Map(snapshot.binance.symbols.map((s) => [s.symbol, s]));
/** Binance's taker commission, taken from the asset received. */
const COMMISSION = new Decimal("0.001");

/** What goes wrong with the next order: its answer is lost (hang) or a 503, after it filled or not. */
export interface OrderTrouble {
  kind: "hang" | "503";
  afterFill: boolean;
  /** The next lookups of orders that answer 5xx too: the exchange cannot tell for so many asks. */
  blindLookups?: number;
}

export interface FakeBinanceOptions {
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
  const marketLot = filterOf(info, "MARKET_LOT_SIZE");
  if (
    type === "MARKET" && marketLot &&
    (qty.gt(marketLot.maxQty) || !onGrid(qty, marketLot.minQty, marketLot.stepSize))
  ) return "MARKET_LOT_SIZE";
  const priceFilter = filterOf(info, "PRICE_FILTER");
  if (
    type === "LIMIT" &&
    (price.lt(priceFilter.minPrice) || !onGrid(price, priceFilter.minPrice, priceFilter.tickSize))
  ) {
    return "PRICE_FILTER";
  }
  if (qty.mul(price).lt(filterOf(info, "NOTIONAL").minNotional)) return "NOTIONAL";
  return null;
}

const decimals = (text: string) => (text.split(".")[1] ?? "").length;

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
  let trouble: OrderTrouble | null = null;
  let blindLookups = 0;
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => release = resolve);
  let clockSkewMs = 0;
  let nextOrderId = 1000;
  let updateId = 1;
  let streamConnects = 0;
  const streamsRequested: string[][] = [];

  const wallet = (asset: string) => {
    if (!wallets.has(asset)) wallets.set(asset, { free: new Decimal(0), locked: new Decimal(0) });
    return wallets.get(asset)!;
  };

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

  /** The next order's answer goes wrong as set by troubleNextOrder. */
  async function troubled(p: URLSearchParams) {
    const t = trouble!;
    trouble = null;
    blindLookups = t.blindLookups ?? 0;
    if (t.afterFill) placeOrder(p);
    if (t.kind === "503") {
      return error(503, -1001, "Internal error; unable to process your request.");
    }
    await released;
    return error(503, -1007, "Timeout waiting for response from backend server.");
  }

  function findOrder(p: URLSearchParams) {
    if (blindLookups > 0) {
      blindLookups--;
      return error(503, -1001, "Internal error; unable to process your request.");
    }
    if (!SYMBOLS.has(p.get("symbol") ?? "")) return error(400, -1121, "Invalid symbol.");
    const found = placed.get(p.get("origClientOrderId") ?? "");
    return found ? Response.json(found) : error(400, -2013, "Order does not exist.");
  }

  function stream(req: Request, url: URL) {
    const { socket, response } = Deno.upgradeWebSocket(req);
    const entry = { socket, streams: (url.searchParams.get("streams") ?? "").split("/") };
    streamsRequested.push(entry.streams);
    socket.onopen = () => {
      streamConnects++;
      sockets.add(entry);
    };
    socket.onclose = () => sockets.delete(entry);
    return response;
  }

  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, async (req) => {
    const url = new URL(req.url);
    if (url.pathname === "/stream" && req.headers.get("upgrade") === "websocket") {
      return stream(req, url);
    }
    if (url.pathname === "/api/v3/exchangeInfo") return Response.json(snapshot.binance);
    if (url.pathname === "/api/v3/time") return Response.json({ serverTime: now() });
    if (!["/api/v3/order", "/api/v3/account", "/api/v3/myTrades"].includes(url.pathname)) {
      return error(404, -1000, "Not found.");
    }
    const params = await authenticate(req, url);
    if (params instanceof Response) return params;
    if (req.method === "POST" && url.pathname === "/api/v3/order") {
      return trouble ? await troubled(params) : placeOrder(params);
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
    /** The next order's answer is lost (hang until close) or a 503, after filling it or not. */
    troubleNextOrder(next: OrderTrouble) {
      trouble = next;
    },
    /** Moves Binance's clock against ours (recvWindow checks, /api/v3/time). */
    skewClock(ms: number) {
      clockSkewMs = ms;
    },
    /** The stream names of each connection, in order. */
    streamsRequested,
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
      release();
      for (const { socket } of sockets) socket.close();
      await server.shutdown();
    },
  };
}

export type FakeBinance = ReturnType<typeof startFakeBinance>;
