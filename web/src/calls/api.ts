// The calls API (server/realtime/routes.ts) and the generate-done call of spec section 7.
import type { CallEffect } from "../../../server/realtime/call-target.ts";
import type { CallInfo } from "../../../server/realtime/protocol.ts";
import type { SendCallInput } from "../../../server/realtime/schema.ts";
import type { GenerateDoneInput } from "../../../server/transactions/schema.ts";
import { api, orderApi } from "../api/http.ts";
import type { PublicUser } from "../session/store.ts";

export const sendCallRequest = (body: SendCallInput) => api<CallInfo>("POST", "/calls", { body });

export const fetchActiveCall = () =>
  api<{ call: CallInfo | null; effect: CallEffect | null }>("GET", "/calls/active");

export const generateDoneRequest = (body: GenerateDoneInput) =>
  orderApi<{ created: boolean; outcome: string }>("POST", "/transaction/generate-done", { body });

/** A call's life switches the user's bot on and off (spec section 7). */
export const saveUseBot = (userId: number, useBot: PublicUser["useBot"]) =>
  api("PATCH", `/users/${userId}`, { body: { useBot } });
