// The profit CSV (profit-{timestamp}.csv): the /profit rows for a range, one day per page.
import type { Deps } from "../deps.ts";
import { type CsvColumn, numberColumn, pairColumn, textColumn } from "../reports/csv.ts";
import { csvStream, wholePages } from "../reports/csv-stream.ts";
import type { ProfitRange, ProfitRow } from "./schema.ts";
import { profitDayPage } from "./service.ts";

export const PROFIT_COLUMNS: CsvColumn<ProfitRow>[] = [
  textColumn("Date (UTC)", "day"),
  textColumn("Username", "username"),
  pairColumn("Pair", "pair"),
  numberColumn("Trades", "trades"),
  numberColumn("Quantity", "quantity"),
  numberColumn("Buy Amount", "buyAmount"),
  numberColumn("Sell Amount", "sellAmount"),
  numberColumn("Profit", "profit"),
  numberColumn("Not Counted Trades", "notCountedTrades"),
  numberColumn("Not Counted Profit", "notCountedProfit"),
  numberColumn("Missed Calls", "missedCalls"),
  numberColumn("Missed Calls Would Have Made", "missedProfit"),
];

export const profitCsv = (deps: Pick<Deps, "db">, range: ProfitRange) =>
  csvStream(
    PROFIT_COLUMNS,
    wholePages((from: number | null) => profitDayPage(deps, range, from)),
  );
