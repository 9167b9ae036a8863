// Gate spot REST v4: POST /api/v4/spot/orders, GET /api/v4/spot/orders/{text} (by our client
// order id, with the finished-orders list as a fallback) and GET /api/v4/spot/accounts, headers KEY,
// Timestamp (seconds) and SIGN (HMAC-SHA512 of method, path, query, SHA-512(body), timestamp).
// Amounts go out on the pair's amount_precision (rounded down), a market BUY spends a quote amount
// on the pair's precision, and an order under min_base_amount/min_quote_amount is refused before
// it is sent. A REQUEST_EXPIRED (our clock too far from Gate's) syncs with GET /spot/time and
// retries once.
import { dec } from "../core/decimal.shared.ts";
import {
  type CandleHistory,
  type Credentials,
  type ExchangeAdapter,
  ExchangeError,
  type OrderRequest,
  type OrderResult,
} from "./adapter.ts";
import { restCall } from "./http.ts";
import { prepareOrder, requireRule } from "./markets/markets.ts";
import { exchangeSymbol } from "./pairs.shared.ts";
import {
  credentialsOf,
  exchangeClock,
  type PublicDeps,
  type RestAdapterDeps,
} from "./rest-adapter.ts";
import { gateRestSign } from "./signing.ts";

const PREFIX = "/api/v4";
/** Gate's refusal of a request whose Timestamp is too far from its time (clock skew). */
const REQUEST_EXPIRED = "REQUEST_EXPIRED";

/**
 * Gate's refusals on the pair's rules, so the stored rules may be stale: too many decimals in the
 * amount or the price (one label for both), an order under the minimum (INVALID_PARAM_VALUE "Your
 * order size ... is too small", in practice) or over the maximum. Labels: server/exchanges/README.md.
 */
export const GATE_FILTER_LABELS = [
  "INVALID_PRECISION",
  "AMOUNT_TOO_LITTLE",
  "AMOUNT_TOO_MUCH",
  "INVALID_PARAM_VALUE",
];
/** A lookup by id or by our text found nothing: the order was never placed. */
const NOT_FOUND_LABELS = ["ORDER_NOT_FOUND", "CLIENT_ID_NOT_FOUND"];

interface GateOrder {
  id: string;
  text?: string;
  fee?: string;
  fee_currency?: string;
  status: "open" | "closed" | "cancelled";
  finish_as?: string;
  amount: string;
  left: string;
  filled_amount?: string;
  filled_total?: string;
  avg_deal_price?: string;
  side?: string;
  type?: string;
}

/** Gate's `text`: "t-" then at most 28 of [0-9A-Za-z_.-]. */
export const gateOrderText = (clientOrderId: string) =>
  `t-${clientOrderId.replace(/[^0-9A-Za-z_.-]/g, "").slice(0, 28)}`;

const gateCall = (deps: PublicDeps) => <T>(url: string, init: RequestInit) =>
  restCall<T>({
    exchange: "gate",
    title: "Gate",
    fetch: deps.fetch ?? fetch,
    url,
    init,
    timeoutMs: deps.timeoutMs,
    errorMessage: (b) => (b as { message?: string }).message,
    errorCode: (b) => (b as { label?: string }).label,
  });

/**
 * A candlestick, all strings: [open time (s), quote volume, close, high, low, open, base volume,
 * window closed].
 */
type Candlestick = [string, string, string, string, string, string, ...string[]];

/**
 * Gate's public candles: GET /api/v4/spot/candlesticks (from and to inclusive, seconds; at most
 * 1000 points a request).
 */
export function gateHistory(deps: PublicDeps): CandleHistory {
  const base = deps.baseUrl.replace(/\/+$/, "");
  const call = gateCall(deps);
  return {
    async bars(pair, interval, fromMs, toMs) {
      const symbol = exchangeSymbol("gate", pair);
      if (!symbol) return [];
      const query = new URLSearchParams({
        currency_pair: symbol,
        interval,
        from: String(Math.floor(fromMs / 1000)),
        to: String(Math.floor(toMs / 1000)),
      });
      const rows = await call<Candlestick[]>(`${base}${PREFIX}/spot/candlesticks?${query}`, {
        method: "GET",
        headers: { Accept: "application/json" },
      });
      return rows.map(([t, , c, h, l, o]) => ({ t: Number(t) * 1000, o, h, l, c }));
    },
  };
}

export function createGateAdapter(deps: RestAdapterDeps): ExchangeAdapter {
  const base = deps.baseUrl.replace(/\/+$/, "");
  const call = gateCall(deps);

  const time = exchangeClock({
    clock: deps.clock,
    skewCode: REQUEST_EXPIRED,
    serverTimeMs: async () =>
      (await call<{ server_time: number }>(`${base}${PREFIX}/spot/time`, {
        method: "GET",
        headers: { Accept: "application/json" },
      })).server_time,
  });

  async function signedOnce<T>(
    method: string,
    path: string,
    body: unknown,
    creds: Credentials,
    query: string,
  ) {
    const text = body === undefined ? "" : JSON.stringify(body);
    const timestamp = Math.floor(time.nowMs() / 1000);
    const sign = await gateRestSign(creds.secret, {
      method,
      path: PREFIX + path,
      query,
      body: text,
      timestamp,
    });
    return call<T>(base + PREFIX + path + (query ? `?${query}` : ""), {
      method,
      headers: {
        Accept: "application/json",
        "Content-Type": "application/json",
        KEY: creds.key,
        Timestamp: String(timestamp),
        SIGN: sign,
      },
      body: body === undefined ? undefined : text,
    });
  }

  const signed = <T>(method: string, path: string, body: unknown, creds: Credentials, query = "") =>
    time.inSync(() => signedOnce<T>(method, path, body, creds, query));

  /** Gate finds a finished order by its text for a short while only; then the list has it. */
  async function findFinished(creds: Credentials, pair: string, text: string) {
    const query = new URLSearchParams({ currency_pair: pair, status: "finished", limit: "100" });
    const rows = await signed<GateOrder[]>("GET", "/spot/orders", undefined, creds, `${query}`);
    return rows.find((o) => o.text === text) ?? null;
  }

  return {
    name: "gate",

    async placeOrder(account, order) {
      const creds = credentialsOf("gate", account);
      const { rule, shaped } = await prepareOrder(deps.markets, "gate", order, deps.priceOf);
      try {
        const res = await signed<GateOrder>("POST", "/spot/orders", {
          text: gateOrderText(order.clientOrderId),
          currency_pair: rule.symbol,
          type: order.type,
          account: "spot",
          side: order.side.toLowerCase(),
          amount: shaped.quoteAmount ?? shaped.quantity,
          ...(order.type === "limit"
            ? { price: shaped.price, time_in_force: "gtc" }
            : { time_in_force: "ioc" }),
        }, creds);
        return resultOf(res, order);
      } catch (err) {
        if (err instanceof ExchangeError && GATE_FILTER_LABELS.includes(err.code ?? "")) {
          deps.markets.invalidate("gate");
        }
        throw err;
      }
    },

    async findOrder(account, pair, clientOrderId) {
      const creds = credentialsOf("gate", account);
      const rule = await requireRule(deps.markets, "gate", pair);
      const text = gateOrderText(clientOrderId);
      const query = new URLSearchParams({ currency_pair: rule.symbol }).toString();
      let found: GateOrder | null;
      try {
        found = await signed<GateOrder>("GET", `/spot/orders/${text}`, undefined, creds, query);
      } catch (err) {
        if (!(err instanceof ExchangeError && NOT_FOUND_LABELS.includes(err.code ?? ""))) throw err;
        found = await findFinished(creds, rule.symbol, text);
      }
      return found &&
        resultOf(found, {
          side: found.side === "buy" ? "BUY" : "SELL",
          type: found.type === "limit" ? "limit" : "market",
        });
    },

    async balances(account) {
      const rows = await signed<{ currency: string; available: string; locked: string }[]>(
        "GET",
        "/spot/accounts",
        undefined,
        credentialsOf("gate", account),
      );
      return rows
        .filter((r) => !dec(r.available).isZero() || !dec(r.locked).isZero())
        .map((r) => ({ asset: r.currency, free: r.available, locked: r.locked }));
    },
  };
}

function resultOf(res: GateOrder, order: Pick<OrderRequest, "side" | "type">): OrderResult {
  const total = dec(res.filled_total ?? "0");
  const avg = dec(res.avg_deal_price || "0");
  // Older answers lack filled_amount; a market BUY's amount/left are quote-currency figures.
  const quantity = res.filled_amount !== undefined
    ? dec(res.filled_amount)
    : order.type === "market" && order.side === "BUY"
    ? (avg.gt(0) ? total.div(avg).toDecimalPlaces(8) : dec(0))
    : dec(res.amount).minus(res.left);
  const price = avg.gt(0) ? avg : quantity.gt(0) ? total.div(quantity).toDecimalPlaces(8) : null;
  const status = res.status === "open"
    ? "open"
    : res.status === "closed" && res.finish_as !== "cancelled" && quantity.gt(0)
    ? "filled"
    : "cancelled";
  return {
    orderId: res.id,
    status,
    filledQuantity: quantity.toFixed(),
    filledPrice: quantity.gt(0) && price ? price.toFixed() : undefined,
    ...(res.fee_currency && res.fee !== undefined
      ? { fee: dec(res.fee).toFixed(), feeAsset: res.fee_currency }
      : {}),
  };
}
