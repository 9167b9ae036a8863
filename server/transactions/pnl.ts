// What needs the server: the feeds' latest prices, and the unrealized result in SQL for lists built
// by PostgreSQL (the rule itself is pnl.shared.ts, which the client uses too).
import type { Market } from "../market/feed.shared.ts";
import type { LivePrices } from "./pnl.shared.ts";

/** The feeds' latest prices (LivePrices). */
export function livePrices(market: Market | undefined): LivePrices {
  const prices: LivePrices = {};
  for (const feed of market?.all() ?? []) {
    for (const [pair, price] of Object.entries(feed.prices())) {
      prices[`${feed.exchange}:${pair}`] = price;
    }
  }
  return prices;
}

/**
 * unrealizedPnl as a PostgreSQL expression over the "transactions" row: `prices` is the jsonb of
 * LivePrices. NUMERIC arithmetic is exact and round(x, 8) rounds half away from zero, as
 * resultOf does (pnl.shared.ts).
 */
export function unrealizedPnlSql(prices: string) {
  const c = (name: string) => `"transactions"."${name}"`;
  const base = `upper(split_part(${c("pair")}, '_', 1))`;
  const quote = `upper(split_part(${c("pair")}, '_', 2))`;
  const live = `(${prices} ->> (${c("exchange")} || ':' || ${c("pair")}))::numeric`;
  const feePrice = `(${prices} ->> lower(${c("exchange")} || ':' || ${c("fee_asset")} || '_' ||
    ${quote}))::numeric`;
  const sign = `(case when ${c("status")} = 'BUY' then 1 else -1 end)`;
  const fee = `coalesce(${c("fee")}, 0)`;
  const feeIn = (asset: string) =>
    `(case when ${c("fee_asset")} = ${asset} then ${fee} else 0 end)`;
  const thirdFee = `(${fee} <> 0 and ${c("fee_asset")} is distinct from ${base}
    and ${c("fee_asset")} is distinct from ${quote})`;
  const value = `-${sign} * ${c("filled_quantity")} * ${c("avg_price")} - ${feeIn(quote)}
    + (${sign} * ${c("filled_quantity")} - ${feeIn(base)}) * ${live}
    - (case when ${thirdFee} then ${fee} * ${feePrice} else 0 end)`;
  return `(case when ${c("status")} <> 'DONE' and ${c("order_state")} is null
      and ${c("kind")} = 'trade' and ${c("price_source")} <> 'hand_closed'
      and ${c("filled_quantity")} is not null and ${c("avg_price")} is not null
      and ${live} is not null and (not ${thirdFee} or ${feePrice} is not null)
    then round(${value}, 8)::text end)`;
}
