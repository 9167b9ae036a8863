// bot-mode-messages.ts in Italian.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./bot-mode-messages.ts";

export default {
  "botMode.none": "Nessuno (solo registrazione)",
  "botMode.buy_sell": "Compra, poi vendi",
  "botMode.sell_buy": "Vendi, poi ricompra",
  "botMode.only_buy_sell": "Compra e vendi",
  "botMode.only_buy": "Solo compra",
  "botMode.only_sell": "Solo vendita",
} satisfies Translation<typeof en>;
