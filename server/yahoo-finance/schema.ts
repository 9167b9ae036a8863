// The chart query of GET /yahoo-finance/chart (docs/api.md#price-history). Pure: the client imports
// it.
import { z } from "zod";
import { SERVER_MESSAGES } from "../core/messages.shared.ts";

/** The spec's intervals, in the order the page offers them. */
export const INTERVALS = [
  "1m",
  "2m",
  "5m",
  "15m",
  "30m",
  "60m",
  "90m",
  "1d",
  "5d",
  "1wk",
  "1mo",
  "3mo",
] as const;
export type Interval = (typeof INTERVALS)[number];

/**
 * Only symbols both sources can serve: Yahoo by name and the recorded candles through a pair
 * (see recorded-provider.ts). Anything else would make the server an open Yahoo proxy.
 */
export const SYMBOLS = ["BTC-USD"] as const;
export type ChartSymbol = (typeof SYMBOLS)[number];

// Digits only: z.coerce.number would read "" as 0.
const epochSeconds = z.string().regex(/^\d{1,11}$/, SERVER_MESSAGES["input.epochSeconds"])
  .transform(Number);

export const chartQuerySchema = z.object({
  symbol: z.enum(SYMBOLS).default("BTC-USD"),
  interval: z.enum(INTERVALS),
  period1: epochSeconds,
  period2: epochSeconds,
}).refine((q) => q.period1 < q.period2, {
  message: SERVER_MESSAGES["input.period1BeforePeriod2"],
  path: ["period2"],
});
export type ChartQuery = z.infer<typeof chartQuerySchema>;

/** The quote row of docs/api.md#price-history; date is an ISO string. Display data, not money. */
export interface Quote {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export type ChartSource = "yahoo" | "recorded";

export interface ChartAnswer {
  quotes: Quote[];
  source: ChartSource;
}

export const chartAnswerSchema = z.object({
  quotes: z.array(z.object({
    date: z.string(),
    open: z.number(),
    high: z.number(),
    low: z.number(),
    close: z.number(),
    volume: z.number(),
  })),
  source: z.enum(["yahoo", "recorded"]),
}) satisfies z.ZodType<ChartAnswer>;
