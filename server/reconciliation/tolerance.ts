// Fees and dust: how far an asset's balance may stand from the ledger's figure without a drift.
// Every fee is in the ledger already (each fill's fee leaves in its asset), so what remains is
// rounding: a base asset may be off by one quantity step of the pairs it is the base of (the
// exchange rounds what it fills and the fee it takes to that step), a quote asset by 0.01 (a cost
// is quantity × average price, and the average the exchange reports is itself rounded). An asset no
// pair trades has no dust: any change is a drift (a deposit, a withdrawal, an airdrop).
import { dec, Decimal } from "../core/decimal.shared.ts";
import type { Markets } from "../exchanges/markets/markets.ts";
import type { ExchangeName } from "../exchanges/pairs.shared.ts";

export const QUOTE_DUST = "0.01";

/** Each asset's tolerance on these exchanges' markets. */
export async function tolerances(markets: Markets, exchanges: ExchangeName[]) {
  const most = new Map<string, Decimal>();
  const atLeast = (asset: string, value: Decimal.Value) =>
    most.set(asset, Decimal.max(most.get(asset) ?? 0, value));
  for (const exchange of exchanges) {
    for (const pair of await markets.pairs(exchange)) {
      const rule = await markets.rule(exchange, pair);
      if (!rule) continue;
      atLeast(rule.base, rule.stepSize);
      atLeast(rule.quote, QUOTE_DUST);
    }
  }
  return most;
}

/** actual − expected per asset, for the assets where it is beyond the tolerance. */
export function driftBeyond(
  actual: Map<string, Decimal>,
  expected: Map<string, Decimal>,
  tolerance: Map<string, Decimal>,
): Record<string, string> {
  const drift: Record<string, string> = {};
  for (const asset of new Set([...actual.keys(), ...expected.keys()])) {
    const diff = (actual.get(asset) ?? dec(0)).minus(expected.get(asset) ?? 0);
    if (diff.abs().gt(tolerance.get(asset) ?? 0)) drift[asset] = diff.toFixed();
  }
  return drift;
}
