// A fake Binance on 127.0.0.1: spot REST (order, account) that verifies signatures the way Binance
// does, and the combined bookTicker stream. It signs with node:crypto, not our Web Crypto code, so
// a signing bug cannot cancel itself out. Tests push prices and drop connections on demand.
import { createHmac } from "node:crypto";
import { Decimal } from "decimal.js";

const SYMBOLS: Record<string, [string, string]> = {
  BTCUSDT: ["BTC", "USDT"],
  ETHUSDT: ["ETH", "USDT"],
  BNBUSDT: ["BNB", "USDT"],
  BTCUSD: ["BTC", "USD"],
  ETHUSD: ["ETH", "USD"],
  BTCFDUSD: ["BTC", "FDUSD"],
  BTCBUSD: ["BTC", "BUSD"],
  BTCTUSD: ["BTC", "TUSD"],
  ETHBUSD: ["ETH", "BUSD"],
};

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

export function startFakeBinance(opts: FakeBinanceOptions = {}) {
  const apiKey = opts.apiKey ?? "binance-test-key";
  const secret = opts.secret ?? "binance-test-secret";
  const now = opts.now ?? Date.now;
  const wallets = new Map<string, Wallet>(
    Object.entries(opts.balances ?? { USDT: "10000", BTC: "1" })
      .map(([asset, free]) => [asset, { free: new Decimal(free), locked: new Decimal(0) }]),
  );
  const books = new Map<string, { bid: string; ask: string }>();
  const sockets = new Set<{ socket: WebSocket; streams: string[] }>();
  const orders: Record<string, string>[] = [];
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
    const assets = SYMBOLS[p.get("symbol") ?? ""];
    if (!assets) return error(400, -1121, "Invalid symbol.");
    const [base, quote] = assets;
    const side = p.get("side");
    const type = p.get("type");
    const qty = new Decimal(p.get("quantity") ?? "0");
    if (qty.lte(0)) return error(400, -1013, "Invalid quantity.");
    const book = books.get(p.get("symbol")!);
    const price = type === "LIMIT"
      ? new Decimal(p.get("price") ?? "0")
      : book && new Decimal(side === "BUY" ? book.ask : book.bid);
    if (!price || price.lte(0)) return error(400, -1013, "Market is closed.");
    const spend = side === "BUY" ? wallet(quote) : wallet(base);
    const cost = side === "BUY" ? qty.mul(price) : qty;
    if (spend.free.lt(cost)) {
      return error(400, -2010, "Account has insufficient balance for requested action.");
    }
    spend.free = spend.free.minus(cost);
    const filled = type === "MARKET";
    if (filled) {
      const receive = side === "BUY" ? wallet(base) : wallet(quote);
      receive.free = receive.free.plus(side === "BUY" ? qty : qty.mul(price));
    } else {
      spend.locked = spend.locked.plus(cost);
    }
    orders.push(Object.fromEntries(p));
    return Response.json({
      symbol: p.get("symbol"),
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
      fills: filled
        ? [{ price: price.toFixed(8), qty: qty.toFixed(8), commission: "0", commissionAsset: base }]
        : [],
    });
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
    if (url.pathname !== "/api/v3/order" && url.pathname !== "/api/v3/account") {
      return error(404, -1000, "Not found.");
    }
    const params = await authenticate(req, url);
    if (params instanceof Response) return params;
    if (req.method === "POST" && url.pathname === "/api/v3/order") return placeOrder(params);
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
      for (const { socket } of sockets) socket.close();
      await server.shutdown();
    },
  };
}

export type FakeBinance = ReturnType<typeof startFakeBinance>;
