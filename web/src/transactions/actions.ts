// The admin actions on a listed transaction (docs/trading.md#transaction-actions): delete,
// set-status, buy-to-sell, set-done. A delete leaves every list at once; the others reload the
// page.
import { attempt } from "../ui/attempt.ts";
import {
  buyToSell,
  deleteTransaction,
  setDone,
  setTransactionStatus,
  type Status,
  type TransactionView,
} from "./api.ts";
import { loadTransactions, removeDeleted } from "./store.ts";
import { transactionsMessages } from "./messages.ts";

const { translate } = transactionsMessages;

const run = (action: () => Promise<string>) =>
  attempt(action, translate("transactions.actionFailed"));

/** Asked for first (a confirmation), so it resolves to its message and leaves failures to it. */
export async function deleteListed(tx: TransactionView) {
  await deleteTransaction(tx.id);
  removeDeleted(tx);
  return translate("transactions.deleted", { id: tx.id });
}

export const setListedStatus = (tx: TransactionView, status: Status) =>
  run(async () => {
    await setTransactionStatus(tx.id, status);
    loadTransactions();
    return translate("transactions.statusSet", { id: tx.id, status });
  });

export const moveBuyToSell = (tx: TransactionView) =>
  run(async () => {
    await buyToSell(tx.id);
    loadTransactions();
    return translate("transactions.movedToSell", { id: tx.id });
  });

export const setListedDone = (ids: number[]) =>
  run(async () => {
    const { updated } = await setDone(ids);
    loadTransactions();
    return translate("transactions.setDoneCount", { count: updated });
  });
