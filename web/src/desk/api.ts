// The desk calls (docs/api.md#desk): candles, positions and their close, closed trades, balances
// and today's figures of the signed-in user.
import type {
  CandleInterval,
  ClosedTrade,
  DeskBalancesAnswer,
  DeskCandlesAnswer,
  DeskClosedAnswer,
  DeskClosePending,
  DeskPositionsAnswer,
  DeskTodayAnswer,
} from "../../../server/desk/schema.shared.ts";
import { api } from "../api/http.ts";

export const fetchCandles = (exchange: string, pair: string, interval: CandleInterval) =>
  api<DeskCandlesAnswer>("GET", "/desk/candles", { query: { exchange, pair, interval } });

export const fetchPositions = () => api<DeskPositionsAnswer>("GET", "/desk/positions");

export const closePosition = (id: number) =>
  api<ClosedTrade | DeskClosePending>("POST", `/desk/positions/${id}/close`);

export const fetchClosed = () => api<DeskClosedAnswer>("GET", "/desk/closed");

export const fetchBalances = (exchange: string) =>
  api<DeskBalancesAnswer>("GET", "/desk/balances", { query: { exchange } });

export const fetchToday = (since: number) =>
  api<DeskTodayAnswer>("GET", "/desk/today", { query: { since } });
