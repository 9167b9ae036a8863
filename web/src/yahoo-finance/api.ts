import type { ChartAnswer, ChartQuery } from "../../../server/yahoo-finance/schema.ts";
import { api } from "../api/http.ts";

export const fetchChart = (query: ChartQuery) =>
  api<ChartAnswer>("GET", "/yahoo-finance/chart", { query: { ...query } });
