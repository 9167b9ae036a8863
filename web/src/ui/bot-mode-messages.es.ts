// bot-mode-messages.ts in Spanish.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./bot-mode-messages.ts";

export default {
  "botMode.none": "Ninguno (solo registrar)",
  "botMode.buy_sell": "Comprar y luego vender",
  "botMode.sell_buy": "Vender y recomprar",
  "botMode.only_buy_sell": "Comprar y vender",
  "botMode.only_buy": "Solo comprar",
  "botMode.only_sell": "Solo vender",
} satisfies Translation<typeof en>;
