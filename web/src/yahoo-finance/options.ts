// The page's choices (docs/screens.md#btc-price-history): intervals with their labels, and the
// series with a colour each.
import type { Interval, Quote } from "../../../server/yahoo-finance/schema.ts";

export const INTERVAL_OPTIONS: { value: Interval; label: string }[] = [
  { value: "1m", label: "1m" },
  { value: "2m", label: "2m" },
  { value: "5m", label: "5m" },
  { value: "15m", label: "15m" },
  { value: "30m", label: "30m" },
  { value: "60m", label: "1h" },
  { value: "90m", label: "1.5h" },
  { value: "1d", label: "1d" },
  { value: "5d", label: "5d" },
  { value: "1wk", label: "1wk" },
  { value: "1mo", label: "1mo" },
  { value: "3mo", label: "3mo" },
];
export const DEFAULT_INTERVAL: Interval = "1d";

export type SeriesKey = keyof Pick<Quote, "open" | "close" | "high" | "low">;

/** In the order of the checkboxes; the chart and the table keep this order. */
export const SERIES: { key: SeriesKey; label: `yahoo.${SeriesKey}`; color: string }[] = [
  { key: "open", label: "yahoo.open", color: "#228be6" },
  { key: "close", label: "yahoo.close", color: "#40c057" },
  { key: "high", label: "yahoo.high", color: "#fd7e14" },
  { key: "low", label: "yahoo.low", color: "#e03131" },
];
export const DEFAULT_SERIES: SeriesKey[] = ["high", "low"];

export const PAGE_SIZE = 10;

/** Intraday bars (1m to 90m; not 1mo or 3mo) show the time of day too. */
export const isIntraday = (interval: Interval) => interval.endsWith("m");
