// A local stand-in for Yahoo Finance's v8 chart API on 127.0.0.1, answering in its real wire
// format: meta, timestamp[] and indicators.quote[0] parallel arrays, nulls in gaps, and Yahoo's own
// error bodies. Prices are a deterministic function of the bar time, so tests can predict them.
// Its intraday limits are the product's own definition of Yahoo's (server/yahoo-finance/limits.ts),
// so the two cannot drift apart; the edge tests there pin them to Yahoo's documented numbers.
import { LOOK_BACK_DAYS, SPAN_DAYS } from "../../server/yahoo-finance/limits.ts";
import type { Interval } from "../../server/yahoo-finance/schema.ts";

const INTERVAL_SECONDS: Record<string, number> = {
  "1m": 60,
  "2m": 120,
  "5m": 300,
  "15m": 900,
  "30m": 1800,
  "60m": 3600,
  "90m": 5400,
  "1h": 3600,
  "1d": 86_400,
  "5d": 5 * 86_400,
  "1wk": 7 * 86_400,
};
const MONTHS: Record<string, number> = { "1mo": 1, "3mo": 3 };
const VALID = [...Object.keys(INTERVAL_SECONDS), ...Object.keys(MONTHS)];

/** A canned answer, served instead of generated data; "hang" never answers. */
export type FakeAnswer =
  | { status: number; body: unknown; headers?: Record<string, string> }
  | "hang";

export interface FakeYahooOptions {
  /** Bars whose index in the answer satisfies this get a null (all five fields), as Yahoo's gaps. */
  gap?: (index: number) => boolean;
  /** Holds every answer this long (ms), to show single flight. */
  delayMs?: number;
  /** Yahoo's clock (epoch seconds): set, the fake refuses intraday ranges as Yahoo does (422). */
  now?: () => number;
}

export interface FakeYahoo {
  url: string;
  /** Requests received, in order. */
  readonly requests: URL[];
  /** Answers for the next requests, one each, before generated data resumes. */
  queue(...answers: FakeAnswer[]): void;
  close(): Promise<void>;
}

/** The bar's prices, so tests can predict what the fake answers. */
export function fakeBar(t: number) {
  const day = t / 86_400;
  const mid = 40_000 + 2_000 * Math.sin(day / 3) + (Math.floor(day) % 7) * 50 + (t % 86_400) / 100;
  const r = (x: number) => Math.round(x * 100) / 100;
  return {
    open: r(mid - 20),
    high: r(mid + 150),
    low: r(mid - 140),
    close: r(mid + 25),
    volume: 1_000_000 + (t % 977) * 1000,
  };
}

function barTimes(period1: number, period2: number, interval: string): number[] {
  const times: number[] = [];
  const step = INTERVAL_SECONDS[interval];
  if (step) {
    const first = Math.ceil(period1 / step) * step;
    for (let t = first; t < period2; t += step) times.push(t);
    return times;
  }
  const d = new Date(period1 * 1000);
  let at = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  if (at < period1 * 1000) at = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  while (at < period2 * 1000) {
    times.push(at / 1000);
    const n = new Date(at);
    at = Date.UTC(n.getUTCFullYear(), n.getUTCMonth() + MONTHS[interval], 1);
  }
  return times;
}

const error = (status: number, code: string, description: string) => ({
  status,
  body: { chart: { result: null, error: { code, description } } },
});

/** Yahoo's "1h" is its 60m under another name, with 60m's limits. */
const limitsOf = (interval: string) => (interval === "1h" ? "60m" : interval) as Interval;

function outOfReach(interval: string, period1: number, period2: number, now: number) {
  const what = `${interval} data not available for startTime=${period1} and endTime=${period2}.`;
  const span = SPAN_DAYS[limitsOf(interval)];
  if (span && period2 - period1 > span * 86_400) {
    return error(
      422,
      "Unprocessable Entity",
      `${what} Only ${span} days worth of ${interval} granularity data are allowed to be fetched per request.`,
    );
  }
  const reach = LOOK_BACK_DAYS[limitsOf(interval)];
  if (reach && period1 < now - reach * 86_400) {
    return error(
      422,
      "Unprocessable Entity",
      `${what} The requested range must be within the last ${reach} days.`,
    );
  }
  return null;
}

function chartAnswer(symbol: string, query: URLSearchParams, opts: FakeYahooOptions) {
  const interval = query.get("interval") ?? "1d";
  const period1 = Number(query.get("period1"));
  const period2 = Number(query.get("period2"));
  if (symbol !== "BTC-USD") return error(404, "Not Found", "No data found, symbol may be delisted");
  if (!VALID.includes(interval)) {
    return error(
      400,
      "Bad Request",
      `Invalid input - interval=${interval} is not supported. Valid intervals: [${
        VALID.join(", ")
      }]`,
    );
  }
  const refused = opts.now && outOfReach(interval, period1, period2, opts.now());
  if (refused) return refused;
  const times = barTimes(period1, period2, interval);
  const bars = times.map(fakeBar);
  const column = (f: keyof ReturnType<typeof fakeBar>) =>
    bars.map((b, i) => (opts.gap?.(i) ? null : b[f]));
  const meta = {
    currency: "USD",
    symbol,
    exchangeName: "CCC",
    fullExchangeName: "CCC",
    instrumentType: "CRYPTOCURRENCY",
    firstTradeDate: 1410912000,
    regularMarketTime: period2,
    hasPrePostMarketData: false,
    gmtoffset: 0,
    timezone: "UTC",
    exchangeTimezoneName: "UTC",
    priceHint: 2,
    dataGranularity: interval,
    range: "",
    validRanges: ["1d", "5d", "1mo", "3mo", "6mo", "1y", "2y", "5y", "10y", "ytd", "max"],
  };
  // With no bars Yahoo leaves out timestamp and sends an empty quote object.
  const result = times.length === 0 ? { meta, indicators: { quote: [{}] } } : {
    meta,
    timestamp: times,
    indicators: {
      quote: [{
        volume: column("volume"),
        low: column("low"),
        open: column("open"),
        high: column("high"),
        close: column("close"),
      }],
      adjclose: [{ adjclose: column("close") }],
    },
  };
  return { status: 200, body: { chart: { result: [result], error: null } } };
}

export function startFakeYahoo(opts: FakeYahooOptions = {}): FakeYahoo {
  const requests: URL[] = [];
  const queued: FakeAnswer[] = [];
  const hanging = new Set<() => void>();
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    requests.push(url);
    const match = /^\/v8\/finance\/chart\/([^/]+)$/.exec(url.pathname);
    if (!match) return new Response("Not Found", { status: 404 });
    const answer: FakeAnswer = queued.shift() ??
      chartAnswer(decodeURIComponent(match[1]), url.searchParams, opts);
    if (answer === "hang") {
      // Released by close(); the client gives up long before.
      await new Promise<void>((resolve) => hanging.add(resolve));
      return new Response(null, { status: 504 });
    }
    if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
    return Response.json(answer.body, { status: answer.status, headers: answer.headers });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    requests,
    queue: (...answers) => queued.push(...answers),
    async close() {
      for (const release of hanging) release();
      await server.shutdown();
    },
  };
}

if (import.meta.main) {
  // Standalone: `deno run -A tests/fakes/fake-yahoo.ts` prints its URL for YAHOO_URL.
  console.log(startFakeYahoo().url);
}
