// The call board's reads (GET /calls/:id) and a recipient's "notice shown" (POST /calls/:id/seen);
// the answers' shapes are server/calls/board.shared.ts.
import type { CallBoard } from "../../../server/calls/board.shared.ts";
import { api, request } from "../api/http.ts";

export const fetchBoard = (callId: string) =>
  api<CallBoard>("GET", `/calls/${encodeURIComponent(callId)}`);

export const markSeen = (callId: string) =>
  request("POST", `/calls/${encodeURIComponent(callId)}/seen`);
