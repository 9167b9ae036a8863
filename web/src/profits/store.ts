// The /profit table: the range and pair picked, the page and the rows the server returned.
import { proxy } from "valtio";
import type { ProfitRow } from "../../../server/profits/schema.ts";
import { translate } from "../i18n/index.ts";
import { type DayRange, dayRangeMs } from "../reports/range.ts";
import { onSignOut } from "../session/store.ts";
import { errorText } from "../ui/notify.ts";
import { listProfits, type ProfitQuery } from "./api.ts";
import "./messages.ts";

export const PAGE_SIZE = 10;

const initial = () => ({
  range: [null, null] as DayRange,
  pair: "",
  page: 1,
  items: [] as ProfitRow[],
  totalItems: 0,
  total: { trades: 0, profit: "0" },
  requesting: false,
  error: null as string | null,
});

export const profits = proxy(initial());

/** The query of the current filters; no range means all time. */
export function profitQuery(): ProfitQuery {
  return { ...dayRangeMs(profits.range), pair: profits.pair || undefined };
}

let latest = 0;

export async function loadProfits() {
  const mine = ++latest;
  profits.requesting = true;
  profits.error = null;
  try {
    const result = await listProfits({ ...profitQuery(), page: profits.page, limit: PAGE_SIZE });
    if (mine !== latest) return;
    Object.assign(profits, {
      items: result.items,
      totalItems: result.totalItems,
      total: result.total,
    });
  } catch (err) {
    if (mine === latest) profits.error = errorText(err, translate("profits.loadFailed"));
  } finally {
    if (mine === latest) profits.requesting = false;
  }
}

export function setProfitFilter(fields: { range?: DayRange; pair?: string }) {
  Object.assign(profits, fields, { page: 1 });
  return loadProfits();
}

export function setProfitPage(page: number) {
  profits.page = page;
  return loadProfits();
}

onSignOut(() => Object.assign(profits, initial()));
