// The real Yahoo Finance v8 chart client. Unreachable (network, timeout, 5xx) and rate-limited
// (429) answers raise SourceUnavailable so the service can fall back; after a 429 it backs off
// (Retry-After, else doubling from 30 s) and does not call Yahoo until the wait is over.
import type { Clock } from "../core/clock.ts";
import { AppError } from "../core/errors.ts";
import { type ChartProvider, SourceUnavailable } from "./provider.ts";
import type { ChartQuery } from "./schema.ts";
import { toQuotes, yahooChartSchema } from "./yahoo-wire.ts";
import { msg } from "../core/messages.shared.ts";

export interface YahooOptions {
  baseUrl: string;
  clock: Clock;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const BACKOFF_MIN_MS = 30_000;
const BACKOFF_MAX_MS = 10 * 60_000;
// Yahoo answers 429 to clients that do not look like a browser.
const HEADERS = {
  accept: "application/json",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)",
};

export function chartUrl(baseUrl: string, q: ChartQuery) {
  const url = new URL(`v8/finance/chart/${encodeURIComponent(q.symbol)}`, `${baseUrl}/`);
  url.search = new URLSearchParams({
    period1: String(q.period1),
    period2: String(q.period2),
    interval: q.interval,
  }).toString();
  return url;
}

/** Retry-After in milliseconds (seconds or an HTTP date), or null. */
function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header)) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export function yahooProvider(opts: YahooOptions): ChartProvider {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 8_000;
  let blockedUntil = 0;
  let strikes = 0;

  async function get(url: URL) {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    try {
      // The body is read under the same timer: a stalled body is as unreachable as no answer.
      const res = await doFetch(url, { headers: HEADERS, signal: abort.signal });
      return {
        status: res.status,
        retryAfter: res.headers.get("retry-after"),
        text: await res.text(),
      };
    } catch (err) {
      const reason = abort.signal.aborted ? `no answer within ${timeoutMs} ms` : String(err);
      throw new SourceUnavailable("yahoo", reason);
    } finally {
      clearTimeout(timer);
    }
  }

  function backOff(retryAfter: string | null) {
    const now = opts.clock.now().getTime();
    strikes++;
    const doubling = BACKOFF_MIN_MS * 2 ** Math.min(strikes - 1, 10);
    blockedUntil = now + Math.min(retryAfterMs(retryAfter, now) ?? doubling, BACKOFF_MAX_MS);
  }

  return {
    source: "yahoo",
    async chart(query) {
      if (opts.clock.now().getTime() < blockedUntil) {
        const until = new Date(blockedUntil).toISOString();
        throw new SourceUnavailable("yahoo", `rate limited, backing off until ${until}`);
      }
      const res = await get(chartUrl(opts.baseUrl, query));
      if (res.status === 429) {
        backOff(res.retryAfter);
        throw new SourceUnavailable("yahoo", "rate limited (HTTP 429)");
      }
      if (res.status >= 500) throw new SourceUnavailable("yahoo", `HTTP ${res.status}`);
      strikes = 0;
      const parsed = yahooChartSchema.safeParse(parseJson(res.text));
      if (!parsed.success) {
        throw new AppError(
          "BAD_GATEWAY",
          msg("yahoo.unexpectedAnswer", { status: res.status }),
        );
      }
      const error = parsed.data.chart.error;
      if (error) {
        throw new AppError("BAD_GATEWAY", msg("yahoo.error", { detail: error.description }));
      }
      if (res.status !== 200) {
        throw new AppError("BAD_GATEWAY", msg("yahoo.httpError", { status: res.status }));
      }
      return toQuotes(parsed.data);
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
