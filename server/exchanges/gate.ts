// Gate spot REST v4: POST /api/v4/spot/orders and GET /api/v4/spot/accounts, headers KEY,
// Timestamp (seconds) and SIGN (HMAC-SHA512 of method, path, query, SHA-512(body), timestamp).
import type { Clock } from "../core/clock.ts";
import { dec, Decimal } from "../core/decimal.ts";
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
import { gateRestSign } from "./signing.ts";

const PREFIX = "/api/v4";

interface GateOrder {
  id: string;
  status: "open" | "closed" | "cancelled";
  finish_as?: string;
  amount: string;
  left: string;
  filled_amount?: string;
  filled_total?: string;
  avg_deal_price?: string;
}

export interface GateAdapterDeps {
  baseUrl: string;
  clock: Clock;
  fetch?: Fetch;
  /** Gate sizes a market BUY in the quote currency: the current price converts our base quantity. */
  priceOf?: (pair: string) => string | undefined;
}

/** Gate's `text`: "t-" then at most 28 of [0-9A-Za-z_.-]. */
export const gateOrderText = (clientOrderId: string) =>
  `t-${clientOrderId.replace(/[^0-9A-Za-z_.-]/g, "").slice(0, 28)}`;

export function createGateAdapter(deps: GateAdapterDeps): ExchangeAdapter {
  const base = deps.baseUrl.replace(/\/+$/, "");

  async function signed<T>(method: string, path: string, body: unknown, creds: Credentials) {
    const text = body === undefined ? "" : JSON.stringify(body);
    const timestamp = Math.floor(deps.clock.now().getTime() / 1000);
    const sign = await gateRestSign(creds.secret, {
      method,
      path: PREFIX + path,
      query: "",
      body: text,
      timestamp,
    });
    return restCall<T>({
      exchange: "gate",
      title: "Gate",
      fetch: deps.fetch ?? fetch,
      url: base + PREFIX + path,
      init: {
        method,
        headers: {
          Accept: "application/json",
          "Content-Type": "application/json",
          KEY: creds.key,
          Timestamp: String(timestamp),
          SIGN: sign,
        },
        body: body === undefined ? undefined : text,
      },
      errorMessage: (b) => (b as { message?: string }).message,
    });
  }

  function amountOf(order: OrderRequest) {
    if (order.type === "limit" || order.side === "SELL") return dec(order.quantity).toFixed();
    const price = order.price ?? deps.priceOf?.(order.pair);
    if (!price) throw new ExchangeError("gate", `No market price for ${order.pair} yet`);
    return dec(order.quantity).mul(price).toDecimalPlaces(8, Decimal.ROUND_UP).toFixed();
  }

  return {
    name: "gate",

    async placeOrder(account: AccountRef, order: OrderRequest): Promise<OrderResult> {
      const pair = exchangeSymbol("gate", order.pair);
      if (!pair) throw new ExchangeError("gate", `Gate does not list ${order.pair}`);
      if (order.type === "limit" && !order.price) {
        throw new ExchangeError("gate", "A limit order needs a price");
      }
      const res = await signed<GateOrder>("POST", "/spot/orders", {
        text: gateOrderText(order.clientOrderId),
        currency_pair: pair,
        type: order.type,
        account: "spot",
        side: order.side.toLowerCase(),
        amount: amountOf(order),
        ...(order.type === "limit"
          ? { price: dec(order.price!).toFixed(), time_in_force: "gtc" }
          : { time_in_force: "ioc" }),
      }, need(account));
      return resultOf(res, order);
    },

    async balances(account: AccountRef): Promise<Balance[]> {
      const rows = await signed<{ currency: string; available: string; locked: string }[]>(
        "GET",
        "/spot/accounts",
        undefined,
        need(account),
      );
      return rows
        .filter((r) => !dec(r.available).isZero() || !dec(r.locked).isZero())
        .map((r) => ({ asset: r.currency, free: r.available, locked: r.locked }));
    },
  };
}

function resultOf(res: GateOrder, order: OrderRequest): OrderResult {
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
  };
}

function need(account: AccountRef): Credentials {
  if (!account.credentials) {
    throw new ExchangeError("gate", "Please update Key/Secret for Gate first");
  }
  return account.credentials;
}
