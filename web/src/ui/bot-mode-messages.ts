// Bot mode names (docs/trading.md#enumerations), shared by the settings form and the call notice.
import { defineMessages } from "../i18n/index.ts";

export const en = {
  "botMode.none": "None (record only)",
  "botMode.buy_sell": "Buy, then sell",
  "botMode.sell_buy": "Sell, then buy back",
  "botMode.only_buy_sell": "Buy and sell",
  "botMode.only_buy": "Only buy",
  "botMode.only_sell": "Only sell",
};

export const botModeMessages = defineMessages(en, {
  zh: () => import("./bot-mode-messages.zh.ts"),
  es: () => import("./bot-mode-messages.es.ts"),
  fr: () => import("./bot-mode-messages.fr.ts"),
  it: () => import("./bot-mode-messages.it.ts"),
});
