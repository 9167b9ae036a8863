// Placing a BUY or SELL (docs/trading.md#placing-an-order): the create request, its dialogs, the
// list effects, the call's "just bought" flag and the bot follow-up's profile refresh.
import { proxy } from "valtio";
import { ApiError } from "../api/http.ts";
import type { Side } from "../../../server/transactions/pricing.shared.ts";
import { answeringCallId, markBought } from "../calls/store.ts";
import { onSignOut, session, updateUser } from "../session/store.ts";
import { addCreated } from "../transactions/store.ts";
import { holdUntilSettled } from "../transactions/pending-orders.ts";
import { errorText, hideToast, notifyError, notifySuccess, notifyWarning } from "../ui/notify.ts";
import { serverText } from "../errors/server-messages.ts";
import { fetchProfile } from "../auth/api.ts";
import { createTransactionRequest } from "./api.ts";
import { market, selectedPrice } from "../market/store.ts";
import { isTypedPrice, needsTypedPrice } from "../market/pairs.ts";
import { tradingMessages } from "./messages.ts";

const { translate } = tradingMessages;

export type TradeDialog =
  | { kind: "fluctuating"; marketPrice: string; lastMarketPrice: string }
  | { kind: "error"; message: string }
  | { kind: "missingKeys"; exchange: string };

export const trade = proxy({
  /** A create request is in flight: both buttons are disabled. */
  creating: false,
  dialog: null as TradeDialog | null,
});

export function closeTradeDialog() {
  trade.dialog = null;
}

/** docs/trading.md#bot-follow-up: the user update after a bot transaction is debounced by 3 s. */
export const PROFILE_REFRESH_MS = 3000;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

function refreshProfileSoon() {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => fetchProfile().then(updateUser, () => {}), PROFILE_REFRESH_MS);
}

/** The price to send, or a dialog saying why there is none. */
function orderPrice(): string | TradeDialog {
  if (needsTypedPrice(market.pair)) {
    if (!isTypedPrice(market.typedPrice)) {
      return { kind: "error", message: translate("trading.enterPrice") };
    }
    if (!market.assetId.trim()) {
      return { kind: "error", message: translate("trading.enterAssetId") };
    }
    return market.typedPrice;
  }
  return selectedPrice() ?? { kind: "error", message: translate("trading.noPrice") };
}

export async function placeOrder(side: Side) {
  const user = session.user;
  if (!user || trade.creating) return;
  const { pair, exchange } = market;
  const price = orderPrice();
  if (typeof price !== "string") {
    trade.dialog = price;
    return;
  }
  trade.creating = true;
  try {
    // The order's decimal arithmetic loads with the first order, not with the page.
    const { missingKeys, orderPayload } = await import("./order.ts");
    if (missingKeys(user, exchange, pair)) {
      trade.dialog = { kind: "missingKeys", exchange };
      return;
    }
    const result = await createTransactionRequest(
      {
        ...orderPayload({
          user,
          side,
          pair,
          exchange,
          marketPrice: price,
          assetId: market.assetId,
        }),
        // The call this purchase answers: its expiry then makes no done transaction for us.
        callId: answeringCallId(),
      },
    );
    if (result.isFluctuating) {
      trade.dialog = {
        kind: "fluctuating",
        marketPrice: result.marketPrice,
        lastMarketPrice: result.lastMarketPrice,
      };
      return;
    }
    markBought();
    for (const tx of [result.transaction, ...result.extraTransactions]) addCreated(tx);
    const sideName = translate(side === "BUY" ? "trading.buy" : "trading.sell");
    if (result.pending && result.code) {
      // 202: the exchange has not confirmed the order; its row shows the outcome once known.
      // Its "not confirmed yet" goes once the exchange has said.
      const toast = notifyWarning(serverText(result.code, result.params));
      holdUntilSettled(result.transaction.id, () => hideToast(toast));
    } else {
      notifySuccess(translate("trading.created", { side: sideName, id: result.transaction.id }));
    }
    if (result.extraErrors.length) {
      const worded = result.extraErrorMessages.map(({ code, params }) => serverText(code, params));
      notifyError(worded.join("\n"), translate("trading.createFailed"));
    }
    if (user.useBot !== "none") refreshProfileSoon();
  } catch (err) {
    trade.dialog = err instanceof ApiError && err.code === "keys.missing"
      ? { kind: "missingKeys", exchange }
      : { kind: "error", message: errorText(err, translate("trading.createFailed")) };
  } finally {
    trade.creating = false;
  }
}

onSignOut(() => {
  clearTimeout(refreshTimer);
  trade.creating = false;
  trade.dialog = null;
});
