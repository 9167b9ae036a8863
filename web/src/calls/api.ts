// The calls API (server/calls/routes.ts) and generate-done (docs/api.md#transactions).
import type { CallEffect } from "../../../server/calls/target.shared.ts";
import type { CallInfo } from "../../../server/realtime/protocol.ts";
import type { SendCallInput } from "../../../server/calls/schema.ts";
import type { GenerateDoneInput } from "../../../server/transactions/schema.ts";
import { api, orderApi } from "../api/http.ts";
import type { PublicUser } from "../session/store.ts";

export const sendCallRequest = (body: SendCallInput) => api<CallInfo>("POST", "/calls", { body });

export const fetchActiveCall = () =>
  api<{ call: CallInfo | null; effect: CallEffect | null }>("GET", "/calls/active");

export const generateDoneRequest = (body: GenerateDoneInput) =>
  orderApi<{ created: boolean; outcome: string }>("POST", "/transaction/generate-done", { body });

/** A call sets the receiver's bot mode (docs/calls.md#targets). */
export const saveUseBot = (userId: number, useBot: PublicUser["useBot"]) =>
  api("PATCH", `/users/${userId}`, { body: { useBot } });
