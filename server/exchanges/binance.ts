// Binance spot REST: POST /api/v3/order, GET /api/v3/order (by client order id) and
// GET /api/v3/account, signed with HMAC-SHA256 of the query string and body, key in X-MBX-APIKEY,
// timestamp in ms, recvWindow 5000. Quantities and prices go out on the symbol's LOT_SIZE and
// PRICE_FILTER grid, and an order under the NOTIONAL minimum is refused before it is sent.
// A -1021 (our clock outside the recvWindow) syncs with GET /api/v3/time and retries once.
import { dec, Decimal } from "../core/decimal.shared.ts";
import {
  type CandleHistory,
  type Credentials,
  type ExchangeAdapter,
  ExchangeError,
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
import { binanceSignature } from "./signing.ts";

const RECV_WINDOW = "5000";
/** Binance's filter refusals: the stored rules may be stale. */
const FILTER_FAILURE = "-1013";
const OUTSIDE_RECV_WINDOW = "-1021";
const NO_SUCH_ORDER = "-2013";

interface BinanceOrder {
  orderId: number;
  status: string;
  executedQty: string;
  cummulativeQuoteQty: string;
  fills?: { price: string; qty: string; commission: string; commissionAsset: string }[];
}

interface BinanceAccount {
  balances: { asset: string; free: string; locked: string }[];
}

/** A kline: [openTime, open, high, low, close, volume, closeTime, ...], times in ms. */
type Kline = [number, string, string, string, string, ...unknown[]];

const binanceCall = (deps: PublicDeps) => <T>(url: string, init: RequestInit) =>
  restCall<T>({
    exchange: "binance",
    title: "Binance",
    fetch: deps.fetch ?? fetch,
    url,
    init,
    timeoutMs: deps.timeoutMs,
    errorMessage: (body) => (body as { msg?: string }).msg,
    errorCode: (body) => {
      const code = (body as { code?: number }).code;
      return code === undefined ? undefined : String(code);
    },
  });

/** Binance's public candles: GET /api/v3/klines (startTime and endTime inclusive, ms). */
export function binanceHistory(deps: PublicDeps): CandleHistory {
  const base = deps.baseUrl.replace(/\/+$/, "");
  const call = binanceCall(deps);
  return {
    async bars(pair, interval, fromMs, toMs) {
      const symbol = exchangeSymbol("binance", pair);
      if (!symbol) return [];
      const query = new URLSearchParams({
        symbol,
        interval,
        startTime: String(fromMs),
        endTime: String(toMs),
        limit: "1000",
      });
      const rows = await call<Kline[]>(`${base}/api/v3/klines?${query}`, { method: "GET" });
      return rows.map(([t, o, h, l, c]) => ({ t, o, h, l, c }));
    },
  };
}

export function createBinanceAdapter(deps: RestAdapterDeps): ExchangeAdapter {
  const base = deps.baseUrl.replace(/\/+$/, "");
  const call = binanceCall(deps);

  const time = exchangeClock({
    clock: deps.clock,
    skewCode: OUTSIDE_RECV_WINDOW,
    serverTimeMs: async () =>
      (await call<{ serverTime: number }>(`${base}/api/v3/time`, { method: "GET" })).serverTime,
  });

  async function signedOnce<T>(
    method: string,
    path: string,
    params: Record<string, string>,
    creds: Credentials,
  ) {
    const payload = new URLSearchParams({
      ...params,
      recvWindow: RECV_WINDOW,
      timestamp: String(time.nowMs()),
    }).toString();
    const signature = await binanceSignature(creds.secret, payload);
    const signedPayload = `${payload}&signature=${signature}`;
    // Orders carry their parameters in the body, reads in the query string: as Binance documents.
    const inBody = method === "POST";
    return call<T>(`${base}${path}${inBody ? "" : `?${signedPayload}`}`, {
      method,
      headers: {
        "X-MBX-APIKEY": creds.key,
        ...(inBody ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: inBody ? signedPayload : undefined,
    });
  }

  const signed = <T>(
    method: string,
    path: string,
    params: Record<string, string>,
    creds: Credentials,
  ) => time.inSync(() => signedOnce<T>(method, path, params, creds));

  return {
    name: "binance",

    async placeOrder(account, order) {
      const creds = credentialsOf("binance", account);
      const { rule, shaped } = await prepareOrder(deps.markets, "binance", order, deps.priceOf);
      const params: Record<string, string> = {
        symbol: rule.symbol,
        side: order.side,
        type: order.type === "limit" ? "LIMIT" : "MARKET",
        quantity: shaped.quantity,
        newClientOrderId: order.clientOrderId,
        newOrderRespType: "FULL",
      };
      if (order.type === "limit") {
        params.timeInForce = "GTC";
        params.price = shaped.price!;
      }
      try {
        return resultOf(await signed<BinanceOrder>("POST", "/api/v3/order", params, creds));
      } catch (err) {
        if (err instanceof ExchangeError && err.code === FILTER_FAILURE) {
          deps.markets.invalidate("binance");
        }
        throw err;
      }
    },

    async findOrder(account, pair, clientOrderId) {
      const rule = await requireRule(deps.markets, "binance", pair);
      let order: BinanceOrder;
      try {
        order = await signed<BinanceOrder>("GET", "/api/v3/order", {
          symbol: rule.symbol,
          origClientOrderId: clientOrderId,
        }, credentialsOf("binance", account));
      } catch (err) {
        if (err instanceof ExchangeError && err.code === NO_SUCH_ORDER) return null;
        throw err;
      }
      if (dec(order.executedQty).isZero()) return resultOf(order);
      // The order query carries no commission; its trades do. Without it the bot's close would
      // sell a fee taken in the bought asset it no longer holds.
      const fills = await signed<NonNullable<BinanceOrder["fills"]>>("GET", "/api/v3/myTrades", {
        symbol: rule.symbol,
        orderId: String(order.orderId),
      }, credentialsOf("binance", account));
      return resultOf({ ...order, fills });
    },

    async balances(account) {
      const res = await signed<BinanceAccount>(
        "GET",
        "/api/v3/account",
        { omitZeroBalances: "true" },
        credentialsOf("binance", account),
      );
      return res.balances
        .filter((b) => !dec(b.free).isZero() || !dec(b.locked).isZero())
        .map(({ asset, free, locked }) => ({ asset, free, locked }));
    },
  };
}

function resultOf(res: BinanceOrder): OrderResult {
  const executed = dec(res.executedQty);
  // Fees are per fill; one order's fills share one commission asset (BNB discount or the asset
  // received).
  const fills = res.fills ?? [];
  const fee = fills.reduce((sum, f) => sum.plus(f.commission), new Decimal(0));
  return {
    orderId: String(res.orderId),
    status: statusOf(res.status, executed),
    filledQuantity: executed.toFixed(),
    filledPrice: executed.gt(0)
      ? dec(res.cummulativeQuoteQty).div(executed).toDecimalPlaces(8).toFixed()
      : undefined,
    ...(fills.length ? { fee: fee.toFixed(), feeAsset: fills[0].commissionAsset } : {}),
  };
}

function statusOf(status: string, executed: Decimal): OrderResult["status"] {
  if (status === "FILLED") return "filled";
  if (status === "NEW" || status === "PARTIALLY_FILLED" || status === "PENDING_NEW") return "open";
  // A market order Binance expired after a partial fill (EXPIRED with an executed quantity) did
  // trade: what filled is what the account holds.
  return executed.gt(0) ? "filled" : "cancelled";
}
