// The /profit table: the range and pair picked, the page and the rows the server returned.
import type { ProfitRow } from "../../../server/profits/schema.ts";
import { type DayRange, dayRangeMs } from "../reports/range.ts";
import { pagedList } from "../ui/paged-list.ts";
import { listProfits, type ProfitQuery } from "./api.ts";
import { profitsMessages } from "./messages.ts";

type Filters = { range: DayRange; pair: string };

/** The query of the filters; no range means all time. */
const queryOf = ({ range, pair }: Filters): ProfitQuery => ({
  ...dayRangeMs(range),
  pair: pair || undefined,
});

export const profits = pagedList({
  filters: { range: [null, null] as DayRange, pair: "" },
  empty: {
    items: [] as ProfitRow[],
    totalItems: 0,
    total: { trades: 0, profit: "0" },
    notCounted: {
      trades: 0,
      profit: "0",
      typed: 0,
      handClosed: 0,
      edited: 0,
      oneSided: 0,
      unpriced: 0,
    },
    missedCalls: { count: 0, profit: "0" },
  },
  fetch: ({ page, limit, ...filters }) => listProfits({ ...queryOf(filters), page, limit }),
  failed: () => profitsMessages.translate("profits.loadFailed"),
});

export const profitQuery = () => queryOf(profits.state.filters);
