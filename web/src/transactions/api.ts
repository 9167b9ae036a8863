// The transaction calls (docs/api.md#transactions) used by the dashboard lists.
import type { TransactionList, TransactionView } from "../../../server/transactions/view.ts";
import { api } from "../api/http.ts";
import type { Filters } from "./list-effects.ts";

export type { TransactionList, TransactionView };
export type Status = TransactionView["status"];

export const fetchTransactions = (query: Filters & { page: number; limit: number }) =>
  api<TransactionList>("GET", "/transaction", { query: { ...query } });

export const deleteTransaction = (id: number) =>
  api<{ id: number; message: string }>("DELETE", `/transaction/${id}`);

export const setTransactionStatus = (id: number, status: Status) =>
  api<TransactionView>("PATCH", `/transaction/${id}/set-status/${status}`);

export const buyToSell = (id: number) =>
  api<TransactionView>("POST", `/transaction/${id}/buy-to-sell`);

export const setDone = (ids: number[]) =>
  api<{ updated: number; ids: number[] }>("PATCH", "/transaction/set-done", { body: { ids } });
