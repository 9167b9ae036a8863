// A fake Gate on 127.0.0.1: spot REST v4 (currency_pairs, time, orders, order lookup by text,
// finished orders, accounts) verifying KEY/Timestamp/SIGN, and the spot WebSocket v4 (spot.tickers
// subscribe with optional signed auth, spot.ping). A subscription naming one unknown pair fails
// whole, as Gate's does. Its markets are the committed snapshot (server/exchanges/markets/). It
// signs with node:crypto, independently of the code under test.
//
// Rules it keeps, with Gate's labels (sources in server/exchanges/README.md): INVALID_PRECISION (too
// many decimals in the amount or the price), INVALID_PARAM_VALUE `Your order size 0.6 USDT is too
// small. The minimum is 3 USDT` (min_quote_amount, min_base_amount), AMOUNT_TOO_MUCH (over
// max_quote_amount / max_base_amount), BALANCE_NOT_ENOUGH, INVALID_CURRENCY_PAIR,
// REPEATED_CREATION, ORDER_NOT_FOUND, REQUEST_EXPIRED (Timestamp over 60 s from Gate's time),
// INVALID_KEY, INVALID_SIGNATURE, SERVER_ERROR. A market order fills at once at the book (BUY at
// the ask, spending what the fill cost; SELL at the bid); a limit order
// stays open, its funds locked. The 0.2% fee is taken from the asset received and reported as
// `fee`/`fee_currency` in the order answer and its lookups; balances move by exactly what was
// filled and charged.
//
// Knobs (what tests set or read):
// - options: `now` (Gate's time in s), `balances` (available per currency, default USDT 10000,
//   BTC 1), `apiKey`/`secret`, `requireAuth` (refuse unsigned ticker subscriptions), `sleep` (what
//   a held answer waits on; default a real timer).
// - `ticker(pair, bid, ask?)`: sets the book orders fill at and streams it.
// - `troubleNextOrder({ kind, afterFill, holdMs?, blindLookups? })` (tests/fakes/order-trouble.ts):
//   the next order's answer is held `holdMs` (default 30 s) ("hold"), never given ("hang"), cut
//   mid-answer ("drop"), a gateway's 502 page ("502") or Gate's 503 SERVER_ERROR ("503"); with
//   `afterFill` the order fills first, so a lookup finds it while the answer is away. `blindLookups`:
//   so many next order lookups answer 503. `held` counts waiting answers; `releaseHeld()` lets
//   them go.
// - `candles(pair, interval, bars)`: the history GET /api/v4/spot/candlesticks serves (public,
//   unsigned): open times in [from, to] (seconds), at most 1000 points (a wider range, or a limit
//   over 1000, is INVALID_PARAM_VALUE), an unknown interval INVALID_PARAM_VALUE, an unknown pair
//   INVALID_CURRENCY_PAIR. `historyTrouble("503" | "hang" | null)`: its answers fail or never
//   come (until closed or set back); `historyRequests` records their queries.
// - `skewClock(ms)`: Gate's clock moves against ours (REQUEST_EXPIRED, GET /spot/time).
// - `halt(pair, on = true)`: currency_pairs lists the pair `trade_status: untradable` (its orders
//   are not refused: which label Gate gives them is not known here).
// - Reading: `orders` (every order as Gate keeps it, fee included), `requests` (every signed
//   request), `wallets` (available/locked), `balance(currency)` (available + locked), `frames`
//   (every WebSocket frame received), `connects`, `openSockets`; `dropConnections` for the socket.
import { createHash, createHmac } from "node:crypto";
import { Decimal } from "decimal.js";
import snapshot from "../../server/exchanges/markets/snapshot.json" with { type: "json" };
import { orderTroubles, type TroubleOptions } from "./order-trouble.ts";
import { type FakeBar, hangingAnswers, type HistoryTrouble } from "./fake-binance.ts";

const PAIRS = new Map<string, PairRules>(snapshot.gate.map((p) => [p.id, p]));
/** Gate's spot fee, taken from the asset received. */
const FEE = new Decimal("0.002");

const decimals = (text: string) => (text.split(".")[1] ?? "").length;

/** Gate's candlestick intervals, in seconds (30d left out: months are not one length). */
const CANDLE_S: Record<string, number> = {
  "10s": 10,
  "1m": 60,
  "5m": 300,
  "15m": 900,
  "30m": 1800,
  "1h": 3600,
  "4h": 14_400,
  "8h": 28_800,
  "1d": 86_400,
  "7d": 604_800,
};
/** Points one candlestick request may cover. */
const MAX_POINTS = 1000;

export interface FakeGateOptions extends TroubleOptions {
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

type PairRules = (typeof snapshot.gate)[number] & { max_base_amount?: string };

/** Why the order is over the pair's maximum, or null (Gate lists either maximum or none). */
function tooMuch(rules: PairRules, baseQty: Decimal, total: Decimal) {
  if (rules.max_base_amount && baseQty.gt(rules.max_base_amount)) {
    return `Your order size ${baseQty.toFixed()} ${rules.base} is too large. The maximum is ${rules.max_base_amount} ${rules.base}`;
  }
  if (rules.max_quote_amount && total.gt(rules.max_quote_amount)) {
    return `Your order size ${total.toFixed()} ${rules.quote} is too large. The maximum is ${rules.max_quote_amount} ${rules.quote}`;
  }
  return null;
}

const fail = (status: number, label: string, message: string) =>
  Response.json({ label, message }, { status });

const hmac512 = (secret: string, text: string) =>
  createHmac("sha512", secret).update(text).digest("hex");

export function startFakeGate(opts: FakeGateOptions = {}) {
  const apiKey = opts.apiKey ?? "gate-test-key";
  const secret = opts.secret ?? "gate-test-secret";
  /** Gate's time in ms: the given time (or ours), moved by skewClock. */
  const nowMs = () => (opts.now ? opts.now() * 1000 : Date.now()) + clockSkewMs;
  const now = () => Math.floor(nowMs() / 1000);
  let clockSkewMs = 0;
  const wallets = new Map<string, Wallet>(
    Object.entries(opts.balances ?? { USDT: "10000", BTC: "1" })
      .map(([c, v]) => [c, { available: new Decimal(v), locked: new Decimal(0) }]),
  );
  const books = new Map<string, { bid: string; ask: string }>();
  /** Every REST request as sent (method, path, query, body): the captured wire. */
  const requests: {
    method: string;
    path: string;
    query: string;
    body: string;
    timestamp: string | null;
  }[] = [];
  const troubles = orderTroubles(opts);
  const subscribers = new Set<Subscriber>();
  const orders: Record<string, string>[] = [];
  const frames: Record<string, unknown>[] = [];
  /** Pairs listed untradable (currency_pairs only: Gate's label for their orders is unknown). */
  const halted = new Set<string>();
  let nextId = 5000;
  let connects = 0;
  /** Candlestick history by `${pair} ${interval}`. */
  const history = new Map<string, FakeBar[]>();
  const historyRequests: Record<string, string>[] = [];
  let historyTrouble: HistoryTrouble = null;
  const hanging = hangingAnswers();

  function candlesticks(q: URLSearchParams) {
    historyRequests.push(Object.fromEntries(q));
    if (historyTrouble === "503") return fail(503, "SERVER_ERROR", "Internal server error");
    if (historyTrouble === "hang") {
      return hanging.hang(() => fail(503, "SERVER_ERROR", "Internal server error"));
    }
    const pair = q.get("currency_pair") ?? "";
    if (!PAIRS.has(pair)) {
      return fail(400, "INVALID_CURRENCY_PAIR", `Invalid currency pair ${pair}`);
    }
    const interval = q.get("interval") ?? "30m";
    const step = CANDLE_S[interval];
    if (!step) {
      return fail(
        400,
        "INVALID_PARAM_VALUE",
        `Invalid request parameter \`interval\` value: ${interval}`,
      );
    }
    const limit = q.get("limit");
    if (limit !== null && !(Number(limit) >= 1 && Number(limit) <= MAX_POINTS)) {
      return fail(
        400,
        "INVALID_PARAM_VALUE",
        `Invalid request parameter \`limit\` value: ${limit}`,
      );
    }
    const to = q.has("to") ? Number(q.get("to")) : now();
    const from = q.has("from") ? Number(q.get("from")) : to - (Number(limit ?? 100) - 1) * step;
    if (Math.floor((to - from) / step) + 1 > MAX_POINTS) {
      return fail(
        400,
        "INVALID_PARAM_VALUE",
        "Candlestick range too broad. Maximum 1000 data points are allowed per request",
      );
    }
    const bars = (history.get(`${pair} ${interval}`) ?? [])
      .filter((b) => b.t >= from * 1000 && b.t <= to * 1000)
      .sort((a, b) => a.t - b.t);
    return Response.json(bars.map((b) => [
      String(b.t / 1000),
      new Decimal(b.c).toFixed(),
      b.c,
      b.h,
      b.l,
      b.o,
      "1",
      String((b.t / 1000 + step) <= now()),
    ]));
  }

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
    // The order's size is what was asked; what a market BUY spends is what its fill cost (its
    // filled_total), a hair under the amount.
    const total = marketBuy ? amount : amount.mul(price);
    const filledTotal = baseQty.mul(price);
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
    const over = tooMuch(rules, baseQty, total);
    if (over) return fail(400, "AMOUNT_TOO_MUCH", over);
    const spend = o.side === "buy" ? wallet(quote) : wallet(base);
    if (spend.available.lt(o.side === "buy" ? total : amount)) {
      return fail(400, "BALANCE_NOT_ENOUGH", "Not enough balance");
    }
    const cost = o.side === "buy" ? filledTotal : amount;
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
      filled_total: market ? filledTotal.toFixed() : "0",
      avg_deal_price: market ? price.toFixed() : "",
      fee: market ? fee.toFixed() : "0",
      fee_currency: o.side === "buy" ? base : quote,
      finish_as: market ? "filled" : "open",
    };
    orders.push(order);
    return Response.json(order, { status: 201 });
  }

  const unavailable = (timedOut: boolean) =>
    fail(503, "SERVER_ERROR", timedOut ? "Timed out" : "Internal server error");

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
      return Response.json(
        snapshot.gate.map((p) => halted.has(p.id) ? { ...p, trade_status: "untradable" } : p),
      );
    }
    if (req.method === "GET" && url.pathname === "/api/v4/spot/time") {
      return Response.json({ server_time: nowMs() });
    }
    if (req.method === "GET" && url.pathname === "/api/v4/spot/candlesticks") {
      return await candlesticks(url.searchParams);
    }
    const body = await req.text();
    requests.push({
      method: req.method,
      path: url.pathname,
      query: url.search.slice(1),
      body,
      timestamp: req.headers.get("Timestamp"),
    });
    const denied = authenticate(req, url, body);
    if (denied) return denied;
    if (req.method === "POST" && url.pathname === "/api/v4/spot/orders") {
      const order = JSON.parse(body);
      return troubles.pending
        ? await troubles.answer(() => placeOrder(order), unavailable)
        : placeOrder(order);
    }
    const byId = /^\/api\/v4\/spot\/orders\/([^/]+)$/.exec(url.pathname);
    if (
      req.method === "GET" && url.pathname.startsWith("/api/v4/spot/orders") &&
      troubles.blindLookup()
    ) return unavailable(false);
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
    /** Available plus locked, as a decimal string: what the account holds of `currency`. */
    balance(currency: string) {
      return wallet(currency).available.plus(wallet(currency).locked).toFixed();
    },
    /** What goes wrong with the next order's answer (see the top of this file). */
    troubleNextOrder: troubles.set,
    /** Answers now held back ("hold", "hang"). */
    get held() {
      return troubles.held;
    },
    /** Sends every held answer now; how many there were. */
    releaseHeld: troubles.releaseHeld,
    /** Lists `pair` as untradable or, with `false`, tradable again. */
    halt(pair: string, on = true) {
      if (on) halted.add(pair);
      else halted.delete(pair);
    },
    /** Sets the candlestick history of `pair` ("BTC_USDT") at `interval` ("1m"). */
    candles(pair: string, interval: string, bars: FakeBar[]) {
      history.set(`${pair} ${interval}`, bars);
    },
    /** Every GET /api/v4/spot/candlesticks, its query. */
    historyRequests,
    /** How the history answers from now on (null: as it should). */
    historyTrouble(kind: HistoryTrouble) {
      historyTrouble = kind;
      if (kind !== "hang") hanging.release();
    },
    /** Moves Gate's clock against ours (REQUEST_EXPIRED, GET /spot/time). */
    skewClock(ms: number) {
      clockSkewMs = ms;
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
      troubles.releaseHeld();
      hanging.release();
      for (const { socket } of subscribers) socket.close();
      await server.shutdown();
    },
  };
}

export type FakeGate = ReturnType<typeof startFakeGate>;
