// The desk's arithmetic on the client: a position's result at the live price, the chart's last
// candle from a tick, why BUY or SELL cannot pass, a duration in parts. Pure: tested under Deno.
import type { Candle, Position } from "../../../server/desk/schema.shared.ts";
import type { Role } from "../../../server/auth/roles.shared.ts";
import type { BOT_MODES } from "../../../server/db/enums.shared.ts";
import { tradeButtons } from "../calls/buttons.ts";

/**
 * The result at `price`: the server's figure (fees already in it) moved by what the price did since
 * the server priced it, so both agree at the server's price. null when neither knows a price.
 */
export function liveResult(
  p: Pick<
    Position,
    "side" | "openPrice" | "quantity" | "currentPrice" | "unrealizedPnl" | "fee"
  >,
  price: string | undefined,
): { price: string; pnl: number; pct: number | null } | null {
  const sign = p.side === "BUY" ? 1 : -1;
  const qty = Number(p.quantity);
  const cost = Number(p.openPrice) * qty;
  if (price === undefined) {
    if (p.currentPrice === null || p.unrealizedPnl === null) return null;
    const pnl = Number(p.unrealizedPnl);
    return { price: p.currentPrice, pnl, pct: cost > 0 ? (pnl / cost) * 100 : null };
  }
  const pnl = p.currentPrice !== null && p.unrealizedPnl !== null
    ? Number(p.unrealizedPnl) + sign * (Number(price) - Number(p.currentPrice)) * qty
    : sign * (Number(price) - Number(p.openPrice)) * qty;
  return { price, pnl, pct: cost > 0 ? (pnl / cost) * 100 : null };
}

/**
 * The candles after a tick at `at`: the last one moved, or a new one opened once `at` is past it.
 * A tick dated before the last candle (this device's clock behind the server's) moves the last one:
 * it is the newest price there is.
 */
export function withTick(
  candles: readonly Candle[],
  intervalMs: number,
  at: number,
  price: string,
) {
  const t = Math.floor(at / intervalMs) * intervalMs;
  const last = candles.at(-1);
  if (last && last.t >= t) {
    const n = Number(price);
    const moved = {
      ...last,
      h: n > Number(last.h) ? price : last.h,
      l: n < Number(last.l) ? price : last.l,
      c: price,
    };
    return [...candles.slice(0, -1), moved];
  }
  return [...candles, { t, o: last?.c ?? price, h: price, l: price, c: price }];
}

/** Why a side is refused before it is pressed; null when it may be. */
export type Block =
  | { key: "call" }
  | { key: "halt"; reason: string }
  | { key: "amount" }
  | { key: "stale" };

export interface BlockInput {
  role: Role;
  userId: number;
  useBot: (typeof BOT_MODES)[number];
  tradingAmount: string;
  coinFunds: string;
  coinTradingAmount: string;
  activeBuy: boolean;
  activeSell: boolean;
  exchange: string;
  /** The halts the user is shown. */
  halts: readonly {
    scope: string;
    exchange: string | null;
    userId: number | null;
    reason: string;
  }[];
  /** The selected pair's price is too old to trade on. */
  stale: boolean;
}

/**
 * The first reason that refuses a side, as the server would (server/transactions/create.ts): a halt
 * of everyone, the exchange or the user; a User's wait for a call; the feed; an amount (BUY spends
 * tradingAmount, SELL sells the coin amount of the mode).
 */
export function tradeBlocks(input: BlockInput): { buy: Block | null; sell: Block | null } {
  const enabled = tradeButtons({ ...input, creating: false });
  const halt = input.halts.find((h) =>
    h.scope === "all" || (h.scope === "exchange" && h.exchange === input.exchange) ||
    (h.scope === "user" && h.userId === input.userId)
  );
  const amounts = {
    buy: Number(input.tradingAmount) > 0,
    sell: sellsSomething(input.useBot, input.coinFunds, input.coinTradingAmount),
  };
  const block = (side: "buy" | "sell"): Block | null => {
    if (halt) return { key: "halt", reason: halt.reason };
    if (!enabled[side]) return { key: "call" };
    if (input.stale) return { key: "stale" };
    if (!amounts[side]) return { key: "amount" };
    return null;
  };
  return { buy: block("buy"), sell: block("sell") };
}

/**
 * Whether pricing.sellQuantity is above 0 (only_sell sells 95% of the coin funds, floored to 8
 * decimals), in plain numbers: the topbar's first load carries no decimal.js for a sign.
 */
export function sellsSomething(
  useBot: BlockInput["useBot"],
  coinFunds: string,
  coinTradingAmount: string,
) {
  return useBot === "only_sell"
    ? Math.floor(Number(coinFunds) * 0.95 * 1e8 + 1e-6) > 0
    : Number(coinTradingAmount) > 0;
}

export const sameBlock = (a: Block | null, b: Block | null) =>
  a === b ||
  (!!a && !!b && a.key === b.key && (a.key !== "halt" || a.reason === (b as typeof a).reason));

/** A duration as its two largest parts: [["h", 2], ["m", 5]]. */
export function durationParts(ms: number): [("d" | "h" | "m" | "s"), number][] {
  const s = Math.max(0, Math.floor(ms / 1000));
  const parts: [("d" | "h" | "m" | "s"), number][] = [
    ["d", Math.floor(s / 86400)],
    ["h", Math.floor(s / 3600) % 24],
    ["m", Math.floor(s / 60) % 60],
    ["s", s % 60],
  ];
  const first = parts.findIndex(([, n]) => n > 0);
  return first < 0
    ? [["s", 0]]
    : parts.slice(first, first + 2).filter(([, n], i) => i === 0 || n > 0);
}

/** The start of the local day of `now`: what GET /desk/today counts from. */
export function localMidnight(now: Date): number {
  const at = new Date(now);
  at.setHours(0, 0, 0, 0);
  return at.getTime();
}
