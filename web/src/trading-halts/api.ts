// The halt and limit calls (server/trading-halts/routes.ts).
import { api } from "../api/http.ts";
import type {
  CreateHaltInput,
  HaltView,
  LimitView,
  SetLimitInput,
} from "../../../server/trading-halts/schema.ts";

export type { HaltView, LimitView };

export const listHalts = () => api<HaltView[]>("GET", "/trading-halts");

export const createHalt = (body: CreateHaltInput) =>
  api<HaltView>("POST", "/trading-halts", { body });

export const releaseHalt = (id: number) => api("POST", `/trading-halts/${id}/release`);

export const listLimits = () => api<LimitView[]>("GET", "/trading-limits");

export const setLimit = (body: SetLimitInput) =>
  api<LimitView[]>("PUT", "/trading-limits", { body });

export const listUsers = () => api<{ id: number; username: string }[]>("GET", "/users/all");
