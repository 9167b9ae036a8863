// The trading calls (docs/api.md#summaries and #transactions): Summaries, POST /transaction, the
// saved selection.
import type { CreateResult } from "../../../server/transactions/view.ts";
import { api, orderApi } from "../api/http.ts";
import type { PublicUser } from "../session/store.ts";
import type { OrderPayload } from "./order.ts";

export interface PairOption {
  label: string;
  value: string;
}

export const fetchPairOptions = (exchange: string) =>
  api<PairOption[]>("GET", "/Summaries/list-price-support", { query: { exchange } });

export const fetchPrices = (exchange: string) =>
  api<Record<string, string>>("GET", "/Summaries/prices", { query: { exchange } });

export const createTransactionRequest = (body: OrderPayload) =>
  orderApi<CreateResult>("POST", "/transaction", { body });

export const saveSelection = (userId: number, fields: { pair: string; exchange: string }) =>
  api<PublicUser>("PATCH", `/users/${userId}`, { body: fields });
