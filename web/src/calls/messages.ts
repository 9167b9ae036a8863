import { defineMessages } from "../i18n/index.ts";

export const en = {
  "calls.secondsLeft": "{{seconds}} s left",
  "calls.sideBuy": "BUY is open: your bot mode is {{mode}}.",
  "calls.sideSell": "SELL is open: your bot mode is {{mode}}.",
  "calls.sideNone":
    "No side is open for you: your bot mode is {{mode}}, which this call does not change. An Admin sets it.",
  "calls.calling": "{{from}} CALLING",
  "calls.enterTradingInfo": "ENTER TRADING INFO INTO SHEET.",
  "calls.count": "Count",
  "calls.target": "Call target",
  "calls.call": "CALL",
  "calls.target.BUY": "BUY",
  "calls.target.SELL": "SELL",
  "calls.target.BUY_ONLY": "BUY ONLY",
  "calls.target.SELL_ONLY": "SELL ONLY",
  "calls.target.RING_ONLY": "RING ONLY",
  "calls.sendFailed": "Call failed.",
  "calls.useBotFailed": "Could not switch the bot mode for this call.",
  "calls.noPrice": "No market price: the call's done transaction was not created.",
  "calls.doneFailed": "The call's done transaction could not be created.",
  "calls.tradeErrorTitle": "{{action}} {{id}}",
  "calls.close": "Close",
};

export const callsMessages = defineMessages(en, {
  zh: () => import("./messages.zh.ts"),
  es: () => import("./messages.es.ts"),
  fr: () => import("./messages.fr.ts"),
  it: () => import("./messages.it.ts"),
});
