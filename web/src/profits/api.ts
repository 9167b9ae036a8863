// The profit calls: GET /profits (ours, server/reports/README.md) and the spec's CSV download.
import { api, download } from "../api/http.ts";
import type { MissedCalls, NotCounted, ProfitRow } from "../../../server/profits/schema.ts";
import type { ProfitGroup, ProfitSeries } from "../../../server/calls/board.shared.ts";

export interface ProfitQuery {
  start?: number;
  end?: number;
  pair?: string;
}

export interface ProfitPage {
  items: ProfitRow[];
  totalItems: number;
  total: { trades: number; profit: string };
  notCounted: NotCounted;
  missedCalls: MissedCalls;
}

export const listProfits = (query: ProfitQuery & { page: number; limit: number }) =>
  api<ProfitPage>("GET", "/profits", { query: { ...query } });

/** The table's rows grouped for the pictures (GET /profits/series). */
export const fetchProfitSeries = (query: ProfitQuery & { groupBy: ProfitGroup }) =>
  api<ProfitSeries>("GET", "/profits/series", { query: { ...query } });

export const downloadProfitCsv = (query: ProfitQuery, onProgress: (bytes: number) => void) =>
  download("POST", "/users/calculator-profit-csv", `profit-${Date.now()}.csv`, {
    query: { ...query },
    onProgress,
  });
