// The market the topbar shows (docs/api.md#summaries): the pairs an exchange offers, their latest
// prices and which are stale, and the user's saved selection.
import { api } from "../api/http.ts";
import type { PublicUser } from "../session/store.ts";

export interface PairOption {
  label: string;
  value: string;
}

export const fetchPairOptions = (exchange: string) =>
  api<PairOption[]>("GET", "/Summaries/list-price-support", { query: { exchange } });

export const fetchPrices = (exchange: string) =>
  api<Record<string, string>>("GET", "/Summaries/prices", { query: { exchange } });

/** The prices too old to trade on (pair → age in seconds); {} when all are live. */
export const fetchStalePrices = (exchange: string) =>
  api<Record<string, number>>("GET", "/Summaries/stale-prices", { query: { exchange } });

export const saveSelection = (userId: number, fields: { pair: string; exchange: string }) =>
  api<PublicUser>("PATCH", `/users/${userId}`, { body: fields });
