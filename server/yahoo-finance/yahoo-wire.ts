// The Yahoo Finance v8 chart response (docs/api.md#price-history): timestamps with parallel quote
// arrays that may hold nulls, or an error with a description.
import { z } from "zod";
import type { Quote } from "./schema.ts";

const series = z.array(z.number().nullable()).optional();

export const yahooChartSchema = z.object({
  chart: z.object({
    result: z.array(z.object({
      // Absent when the range holds no data.
      timestamp: z.array(z.number().int()).optional(),
      indicators: z.object({
        quote: z.array(z.object({
          open: series,
          high: series,
          low: series,
          close: series,
          volume: series,
        })),
      }),
    })).nullable(),
    error: z.object({ code: z.string().optional(), description: z.string() }).nullable()
      .optional(),
  }),
});
export type YahooChart = z.infer<typeof yahooChartSchema>;

const FIELDS = ["open", "high", "low", "close", "volume"] as const;

/** Quotes of the first result; a row with a null (or missing) value is dropped, as Yahoo's gaps. */
export function toQuotes(chart: YahooChart): Quote[] {
  const result = chart.chart.result?.[0];
  const arrays = result?.indicators.quote[0];
  if (!result?.timestamp || !arrays) return [];
  const quotes: Quote[] = [];
  result.timestamp.forEach((t, i) => {
    const values = FIELDS.map((f) => arrays[f]?.[i]);
    if (values.some((v) => v === null || v === undefined)) return;
    const [open, high, low, close, volume] = values as number[];
    quotes.push({ date: new Date(t * 1000).toISOString(), open, high, low, close, volume });
  });
  return quotes;
}
