// The /profit pictures' data: realized result per day, and split by user, pair or exchange, for the
// same range and pair as the table (GET /profits/series, counted by the table's rule).
import { proxy } from "valtio";
import type { ProfitSeries } from "../../../server/calls/board.shared.ts";
import { onSignOut } from "../session/store.ts";
import { errorText } from "../ui/error-text.ts";
import { fetchProfitSeries, type ProfitQuery } from "./api.ts";
import { profitsMessages } from "./messages.ts";

export const SPLITS = ["user", "pair", "exchange"] as const;
export type Split = (typeof SPLITS)[number];

const initial = () => ({
  split: "user" as Split,
  day: null as ProfitSeries | null,
  bySplit: null as ProfitSeries | null,
  requesting: false,
  error: null as string | null,
});

export const profitSeries = proxy(initial());

let latest = 0;

/** Loads both pictures for `query`; a slower earlier answer never overwrites a newer one. */
export async function loadSeries(query: ProfitQuery) {
  const mine = ++latest;
  profitSeries.requesting = true;
  profitSeries.error = null;
  try {
    const [day, bySplit] = await Promise.all([
      fetchProfitSeries({ ...query, groupBy: "day" }),
      fetchProfitSeries({ ...query, groupBy: profitSeries.split }),
    ]);
    if (mine !== latest) return;
    profitSeries.day = day;
    profitSeries.bySplit = bySplit;
  } catch (err) {
    if (mine === latest) {
      profitSeries.error = errorText(err, profitsMessages.translate("profits.seriesFailed"));
    }
  } finally {
    if (mine === latest) profitSeries.requesting = false;
  }
}

export function setSplit(split: Split, query: ProfitQuery) {
  profitSeries.split = split;
  return loadSeries(query);
}

onSignOut(() => {
  latest++;
  Object.assign(profitSeries, initial());
});
