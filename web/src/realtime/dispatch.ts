// Every server message, handled in one exhaustive switch (the protocol's union).
import type { ServerMessage } from "../../../server/realtime/protocol.ts";
import { receiveCall, resumeActiveCall } from "../calls/actions.ts";
import { showTradeError } from "../calls/store.ts";
import { applyBoardEvent } from "../calls/board-store.ts";
import { serverText } from "../errors/server-messages.ts";
import { sessionEnded } from "../session/store.ts";
import { loadHalts } from "../trading-halts/store.ts";
import { loadReconciliation } from "../reconciliation/store.ts";
import { setPrice } from "../market/store.ts";
import { heardServerAt } from "../market/server-clock.ts";
import { reloadTransactions } from "../transactions/store.ts";
import { reloadDesk } from "../desk/store.ts";
import { orderSettled } from "../transactions/pending-orders.ts";
import { debounce } from "./debounce.ts";

/** docs/realtime.md#debouncing: socket events are debounced 1000 ms. */
export const SOCKET_DEBOUNCE_MS = 1000;

export const reloadSoon = debounce(() => {
  void reloadTransactions();
  void reloadDesk();
}, SOCKET_DEBOUNCE_MS);

/** `token`: the one the socket was opened with, whose session a `logout` ends. */
export function handleServerMessage(msg: ServerMessage, token: string) {
  switch (msg.type) {
    case "joined":
      // A reconnect may have missed a halt's or a drift's change.
      void loadHalts();
      void loadReconciliation();
      return void resumeActiveCall();
    case "call":
      return void receiveCall(msg.call);
    case "transaction-changed":
      orderSettled(msg.transaction.id, msg.transaction.orderState);
      return reloadSoon();
    case "receive-active-buy":
      return reloadSoon();
    case "BUY_ERROR":
    case "SELL_ERROR":
      orderSettled(msg.transactionId, null);
      showTradeError({
        action: msg.action,
        transactionId: msg.transactionId,
        message: msg.code ? serverText(msg.code, msg.params) : msg.message,
      });
      return reloadSoon();
    case "price":
      heardServerAt(msg.at);
      return setPrice(msg.exchange, msg.prices);
    case "trading-halts-changed":
      return void loadHalts();
    case "reconciliation-changed":
      return void loadReconciliation();
    case "logout":
      return void sessionEnded(token);
    case "call-board":
      return applyBoardEvent(msg);
    default:
      msg satisfies never;
  }
}
