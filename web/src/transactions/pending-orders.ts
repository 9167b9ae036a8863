// Orders of this page answered pending (202): the exchange has not said yet whether they filled,
// so the BUY and SELL buttons stay busy until each settles (a second press would open a second
// position). The socket's transaction-changed and trade errors settle them.
import { proxy } from "valtio";

export const pendingOrders = proxy({ ids: [] as number[] });

/** Past the server's ORDER_SENDING_MS its resolver owns the order: the buttons wait no longer. */
const PENDING_HOLD_MS = 60_000;

/** What to undo once an order settles (its "not confirmed yet" toast). */
const onSettled = new Map<number, () => void>();

export function holdUntilSettled(id: number, settled?: () => void) {
  pendingOrders.ids = [...pendingOrders.ids, id];
  if (settled) onSettled.set(id, settled);
  setTimeout(() => orderSettled(id, null), PENDING_HOLD_MS);
}

/** A transaction changed or failed: an order of ours it settles frees the buttons. */
export function orderSettled(id: number, orderState: string | null) {
  if (orderState === "pending" || !pendingOrders.ids.includes(id)) return;
  pendingOrders.ids = pendingOrders.ids.filter((p) => p !== id);
  onSettled.get(id)?.();
  onSettled.delete(id);
}
