// A fake Gate on 127.0.0.1: spot REST v4 (currency_pairs, orders, order lookup by text, accounts)
// verifying KEY/Timestamp/SIGN and enforcing each pair's rules with Gate's labels (INVALID_PRECISION
// for amount or price decimals, INVALID_PARAM_VALUE under the minimum, BALANCE_NOT_ENOUGH,
// INVALID_CURRENCY_PAIR, ORDER_NOT_FOUND; sources in server/exchanges/README.md), and the spot
// WebSocket v4 (spot.tickers subscribe with optional signed auth, spot.ping). A subscription naming
// one unknown pair fails whole, as Gate's does. Its markets are the committed snapshot
// (server/exchanges/markets/). It signs with node:crypto, independently of the code under test.
import { createHash, createHmac } from "node:crypto";
import { Decimal } from "decimal.js";
import snapshot from "../../server/exchanges/markets/snapshot.json" with { type: "json" };
import type { OrderTrouble } from "./fake-binance.ts";

const PAIRS = new Map(snapshot.gate.map((p) => [p.id, p]));
/** Gate's spot fee, taken from the asset received. */
const FEE = new Decimal("0.002");

const decimals = (text: string) => (text.split(".")[1] ?? "").length;

export interface FakeGateOptions {
  apiKey?: string;
  secret?: string;
  /** Server time in seconds, for the Timestamp check. */
  now?: () => number;
  balances?: Record<string, string>;
  /** Refuse unsigned ticker subscriptions. */
  requireAuth?: boolean;
}

interface Wallet {
  available: Decimal;
  locked: Decimal;
}

interface Subscriber {
  socket: WebSocket;
  pairs: Set<string>;
}

const fail = (status: number, label: string, message: string) =>
  Response.json({ label, message }, { status });

const hmac512 = (secret: string, text: string) =>
  createHmac("sha512", secret).update(text).digest("hex");

export function startFakeGate(opts: FakeGateOptions = {}) {
  const apiKey = opts.apiKey ?? "gate-test-key";
  const secret = opts.secret ?? "gate-test-secret";
  const now = opts.now ?? (() => Math.floor(Date.now() / 1000));
  const wallets = new Map<string, Wallet>(
    Object.entries(opts.balances ?? { USDT: "10000", BTC: "1" })
      .map(([c, v]) => [c, { available: new Decimal(v), locked: new Decimal(0) }]),
  );
  const books = new Map<string, { bid: string; ask: string }>();
  /** Every REST request as sent (method, path, query, body): the captured wire. */
  const requests: { method: string; path: string; query: string; body: string }[] = [];
  let trouble: OrderTrouble | null = null;
  let blindLookups = 0;
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => release = resolve);
  const subscribers = new Set<Subscriber>();
  const orders: Record<string, string>[] = [];
  const frames: Record<string, unknown>[] = [];
  let nextId = 5000;
  let connects = 0;

  const wallet = (c: string) => {
    if (!wallets.has(c)) wallets.set(c, { available: new Decimal(0), locked: new Decimal(0) });
    return wallets.get(c)!;
  };

  function authenticate(req: Request, url: URL, body: string) {
    const key = req.headers.get("KEY");
    const sign = req.headers.get("SIGN");
    const ts = req.headers.get("Timestamp");
    if (!key || !sign || !ts) {
      return fail(401, "MISSING_REQUIRED_HEADER", "Missing required header");
    }
    if (key !== apiKey) return fail(401, "INVALID_KEY", "Invalid key provided");
    if (Math.abs(now() - Number(ts)) > 60) {
      return fail(401, "REQUEST_EXPIRED", "Request Timestamp is far from the server time");
    }
    const bodyHash = createHash("sha512").update(body).digest("hex");
    const text = [req.method, url.pathname, url.search.slice(1), bodyHash, ts].join("\n");
    if (hmac512(secret, text) !== sign) return fail(401, "INVALID_SIGNATURE", "Signature mismatch");
    return null;
  }

  function placeOrder(o: Record<string, string>) {
    const rules = PAIRS.get(o.currency_pair);
    if (!rules) {
      return fail(400, "INVALID_CURRENCY_PAIR", `Invalid currency pair ${o.currency_pair}`);
    }
    if (orders.some((x) => x.text === o.text)) {
      return fail(400, "REPEATED_CREATION", "Repeated creation with the same text");
    }
    const [base, quote] = [rules.base, rules.quote];
    const amount = new Decimal(o.amount ?? "0");
    if (amount.lte(0)) return fail(400, "INVALID_PARAM_VALUE", "Invalid amount");
    const market = o.type === "market";
    const marketBuy = market && o.side === "buy";
    // A market BUY's amount is what to spend, in the quote currency, on the price's precision.
    const places = marketBuy ? rules.precision : rules.amount_precision;
    if (decimals(o.amount) > places) {
      return fail(400, "INVALID_PRECISION", `Invalid amount precision: at most ${places}`);
    }
    if (!market && decimals(o.price ?? "") > rules.precision) {
      return fail(400, "INVALID_PRECISION", `Invalid price precision: at most ${rules.precision}`);
    }
    const book = books.get(o.currency_pair);
    const price = new Decimal(
      market ? (o.side === "buy" ? book?.ask : book?.bid) ?? "0" : o.price ?? "0",
    );
    if (price.lte(0)) return fail(400, "INVALID_PARAM_VALUE", "Invalid price");
    const baseQty = marketBuy ? amount.div(price).toDecimalPlaces(8, Decimal.ROUND_DOWN) : amount;
    const total = marketBuy ? amount : amount.mul(price);
    if (total.lt(rules.min_quote_amount)) {
      return fail(
        400,
        "INVALID_PARAM_VALUE",
        `Your order size ${total.toFixed()} ${quote} is too small. The minimum is ${rules.min_quote_amount} ${quote}`,
      );
    }
    if (baseQty.lt(rules.min_base_amount)) {
      return fail(
        400,
        "INVALID_PARAM_VALUE",
        `Your order size ${baseQty.toFixed()} ${base} is too small. The minimum is ${rules.min_base_amount} ${base}`,
      );
    }
    const spend = o.side === "buy" ? wallet(quote) : wallet(base);
    const needed = o.side === "buy" ? total : amount;
    if (spend.available.lt(needed)) return fail(400, "BALANCE_NOT_ENOUGH", "Not enough balance");
    // A market BUY spends what it filled (filled_total): the rest of its amount stays.
    const cost = marketBuy ? baseQty.mul(price) : needed;
    spend.available = spend.available.minus(cost);
    const gross = o.side === "buy" ? baseQty : baseQty.mul(price);
    const fee = gross.mul(FEE).toDecimalPlaces(8, Decimal.ROUND_UP);
    if (market) {
      const receive = o.side === "buy" ? wallet(base) : wallet(quote);
      receive.available = receive.available.plus(gross.minus(fee));
    } else {
      spend.locked = spend.locked.plus(cost);
    }
    const order = {
      id: String(nextId++),
      text: o.text,
      create_time: String(now()),
      update_time: String(now()),
      status: market ? "closed" : "open",
      currency_pair: o.currency_pair,
      type: o.type,
      account: o.account,
      side: o.side,
      amount: o.amount,
      price: market ? "0" : o.price,
      time_in_force: o.time_in_force,
      left: market ? "0" : o.amount,
      filled_amount: market ? baseQty.toFixed() : "0",
      filled_total: market ? baseQty.mul(price).toFixed() : "0",
      avg_deal_price: market ? price.toFixed() : "",
      fee: market ? fee.toFixed() : "0",
      fee_currency: o.side === "buy" ? base : quote,
      finish_as: market ? "filled" : "open",
    };
    orders.push(order);
    return Response.json(order, { status: 201 });
  }

  async function troubled(o: Record<string, string>) {
    const t = trouble!;
    trouble = null;
    blindLookups = t.blindLookups ?? 0;
    if (t.afterFill) placeOrder(o);
    if (t.kind === "503") return fail(503, "SERVER_ERROR", "Internal server error");
    await released;
    return fail(503, "SERVER_ERROR", "Timed out");
  }

  function findOrder(id: string, query: URLSearchParams) {
    const found = orders.find((o) =>
      (o.id === id || o.text === id) && o.currency_pair === query.get("currency_pair")
    );
    return found ? Response.json(found) : fail(404, "ORDER_NOT_FOUND", "Order not found");
  }

  function onFrame(sub: Subscriber, raw: string) {
    const msg = JSON.parse(raw);
    frames.push(msg);
    const reply = (extra: Record<string, unknown>) =>
      sub.socket.send(JSON.stringify({
        time: now(),
        time_ms: now() * 1000,
        channel: msg.channel,
        event: msg.event,
        ...extra,
      }));
    if (msg.channel === "spot.ping") {
      return sub.socket.send(
        JSON.stringify({ time: now(), channel: "spot.pong", event: "", result: null }),
      );
    }
    if (msg.channel !== "spot.tickers" || msg.event !== "subscribe") {
      return reply({ error: { code: 2, message: "invalid argument" }, result: null });
    }
    const expected = hmac512(secret, `channel=${msg.channel}&event=${msg.event}&time=${msg.time}`);
    const signed = msg.auth?.method === "api_key" && msg.auth.KEY === apiKey &&
      msg.auth.SIGN === expected;
    if ((msg.auth && !signed) || (opts.requireAuth && !msg.auth)) {
      return reply({ error: { code: 4, message: "Authentication fail" }, result: null });
    }
    const unknown = (msg.payload ?? []).find((p: string) => !PAIRS.has(p));
    if (unknown) {
      return reply({
        error: { code: 2, message: `unknown currency pair: ${unknown}` },
        result: null,
      });
    }
    for (const p of msg.payload ?? []) sub.pairs.add(p);
    reply({ error: null, result: { status: "success" } });
  }

  function stream(req: Request) {
    const { socket, response } = Deno.upgradeWebSocket(req);
    const sub: Subscriber = { socket, pairs: new Set() };
    socket.onopen = () => {
      connects++;
      subscribers.add(sub);
    };
    socket.onmessage = (e) => onFrame(sub, e.data);
    socket.onclose = () => subscribers.delete(sub);
    return response;
  }

  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, async (req) => {
    const url = new URL(req.url);
    if (url.pathname === "/ws/v4/" && req.headers.get("upgrade") === "websocket") {
      return stream(req);
    }
    if (req.method === "GET" && url.pathname === "/api/v4/spot/currency_pairs") {
      return Response.json(snapshot.gate);
    }
    const body = await req.text();
    const denied = authenticate(req, url, body);
    if (denied) return denied;
    requests.push({ method: req.method, path: url.pathname, query: url.search.slice(1), body });
    if (req.method === "POST" && url.pathname === "/api/v4/spot/orders") {
      return trouble ? await troubled(JSON.parse(body)) : placeOrder(JSON.parse(body));
    }
    const byId = /^\/api\/v4\/spot\/orders\/([^/]+)$/.exec(url.pathname);
    if (
      req.method === "GET" && url.pathname.startsWith("/api/v4/spot/orders") && blindLookups > 0
    ) {
      blindLookups--;
      return fail(503, "SERVER_ERROR", "Internal server error");
    }
    if (req.method === "GET" && byId) return findOrder(byId[1], url.searchParams);
    if (req.method === "GET" && url.pathname === "/api/v4/spot/orders") {
      const finished = url.searchParams.get("status") === "finished";
      return Response.json(
        orders.filter((o) =>
          o.currency_pair === url.searchParams.get("currency_pair") &&
          (o.status !== "open") === finished
        ),
      );
    }
    if (req.method === "GET" && url.pathname === "/api/v4/spot/accounts") {
      return Response.json([...wallets].map(([currency, w]) => ({
        currency,
        available: w.available.toFixed(),
        locked: w.locked.toFixed(),
        update_id: 1,
      })));
    }
    return fail(404, "NOT_FOUND", "Not found");
  });
  const port = server.addr.port;

  return {
    restUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws/v4/`,
    apiKey,
    secret,
    orders,
    wallets,
    requests,
    /** The next order's answer is lost (hang until close) or a 503, after filling it or not. */
    troubleNextOrder(next: OrderTrouble) {
      trouble = next;
    },
    /** Every frame clients sent, in order. */
    frames,
    get connects() {
      return connects;
    },
    get openSockets() {
      return subscribers.size;
    },
    /** Sets the bid and sends a spot.tickers update to subscribers of the pair. */
    ticker(pair: string, highestBid: string, lowestAsk = highestBid) {
      books.set(pair, { bid: highestBid, ask: lowestAsk });
      const result = {
        currency_pair: pair,
        last: highestBid,
        lowest_ask: lowestAsk,
        highest_bid: highestBid,
        change_percentage: "0",
        base_volume: "1",
        quote_volume: highestBid,
        high_24h: highestBid,
        low_24h: highestBid,
      };
      const frame = JSON.stringify({
        time: now(),
        time_ms: now() * 1000,
        channel: "spot.tickers",
        event: "update",
        result,
      });
      for (const sub of subscribers) if (sub.pairs.has(pair)) sub.socket.send(frame);
    },
    dropConnections() {
      for (const { socket } of subscribers) socket.close(1012, "service restart");
    },
    async close() {
      release();
      for (const { socket } of subscribers) socket.close();
      await server.shutdown();
    },
  };
}

export type FakeGate = ReturnType<typeof startFakeGate>;
