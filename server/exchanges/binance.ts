// Binance spot REST: POST /api/v3/order and GET /api/v3/account, signed with HMAC-SHA256 of the
// query string and body, key in X-MBX-APIKEY, timestamp in ms, recvWindow 5000.
import type { Clock } from "../core/clock.ts";
import { dec } from "../core/decimal.ts";
import { exchangeSymbol } from "../market/pairs.ts";
import {
  type AccountRef,
  type Balance,
  type Credentials,
  type ExchangeAdapter,
  ExchangeError,
  type OrderRequest,
  type OrderResult,
} from "./adapter.ts";
import { type Fetch, restCall } from "./http.ts";
import { binanceSignature } from "./signing.ts";

const RECV_WINDOW = "5000";

interface BinanceOrder {
  orderId: number;
  status: string;
  executedQty: string;
  cummulativeQuoteQty: string;
}

interface BinanceAccount {
  balances: { asset: string; free: string; locked: string }[];
}

export interface BinanceAdapterDeps {
  baseUrl: string;
  clock: Clock;
  fetch?: Fetch;
}

export function createBinanceAdapter(deps: BinanceAdapterDeps): ExchangeAdapter {
  const base = deps.baseUrl.replace(/\/+$/, "");

  async function signed<T>(
    method: string,
    path: string,
    params: Record<string, string>,
    creds: Credentials,
  ) {
    const payload = new URLSearchParams({
      ...params,
      recvWindow: RECV_WINDOW,
      timestamp: String(deps.clock.now().getTime()),
    }).toString();
    const signature = await binanceSignature(creds.secret, payload);
    const signedPayload = `${payload}&signature=${signature}`;
    // Orders carry their parameters in the body, reads in the query string: as Binance documents.
    const inBody = method === "POST";
    return restCall<T>({
      exchange: "binance",
      title: "Binance",
      fetch: deps.fetch ?? fetch,
      url: `${base}${path}${inBody ? "" : `?${signedPayload}`}`,
      init: {
        method,
        headers: {
          "X-MBX-APIKEY": creds.key,
          ...(inBody ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        body: inBody ? signedPayload : undefined,
      },
      errorMessage: (body) => (body as { msg?: string }).msg,
    });
  }

  return {
    name: "binance",

    async placeOrder(account: AccountRef, order: OrderRequest): Promise<OrderResult> {
      const symbol = exchangeSymbol("binance", order.pair);
      if (!symbol) throw new ExchangeError("binance", `Binance does not list ${order.pair}`);
      const params: Record<string, string> = {
        symbol,
        side: order.side,
        type: order.type === "limit" ? "LIMIT" : "MARKET",
        quantity: dec(order.quantity).toFixed(),
        newClientOrderId: order.clientOrderId,
        newOrderRespType: "FULL",
      };
      if (order.type === "limit") {
        if (!order.price) throw new ExchangeError("binance", "A limit order needs a price");
        params.timeInForce = "GTC";
        params.price = dec(order.price).toFixed();
      }
      const res = await signed<BinanceOrder>("POST", "/api/v3/order", params, need(account));
      const executed = dec(res.executedQty);
      return {
        orderId: String(res.orderId),
        status: statusOf(res.status),
        filledQuantity: executed.toFixed(),
        filledPrice: executed.gt(0)
          ? dec(res.cummulativeQuoteQty).div(executed).toDecimalPlaces(8).toFixed()
          : undefined,
      };
    },

    async balances(account: AccountRef): Promise<Balance[]> {
      const res = await signed<BinanceAccount>(
        "GET",
        "/api/v3/account",
        { omitZeroBalances: "true" },
        need(account),
      );
      return res.balances
        .filter((b) => !dec(b.free).isZero() || !dec(b.locked).isZero())
        .map(({ asset, free, locked }) => ({ asset, free, locked }));
    },
  };
}

function need(account: AccountRef): Credentials {
  if (!account.credentials) {
    throw new ExchangeError("binance", "Please update Key/Secret for Binance first");
  }
  return account.credentials;
}

function statusOf(status: string): OrderResult["status"] {
  if (status === "FILLED") return "filled";
  if (status === "NEW" || status === "PARTIALLY_FILLED" || status === "PENDING_NEW") return "open";
  return "cancelled";
}
