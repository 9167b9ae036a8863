// The call history and call figures (server/calls/board.shared.ts has the answers' shapes).
import type { CallFigures, CallHistory } from "../../../server/calls/board.shared.ts";
import { api } from "../api/http.ts";

export interface CallHistoryFilters {
  start?: number;
  end?: number;
  leadId?: number;
  target?: string;
  pair?: string;
}

export const listCalls = (query: CallHistoryFilters & { page: number; limit: number }) =>
  api<CallHistory>("GET", "/calls", { query: { ...query } });

export const fetchCallFigures = (query: { start?: number; end?: number } = {}) =>
  api<CallFigures>("GET", "/calls/figures", { query: { ...query } });
