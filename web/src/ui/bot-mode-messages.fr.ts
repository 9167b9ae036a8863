// bot-mode-messages.ts in French.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./bot-mode-messages.ts";

export default {
  "botMode.none": "Aucun (enregistrer seulement)",
  "botMode.buy_sell": "Acheter puis vendre",
  "botMode.sell_buy": "Vendre puis racheter",
  "botMode.only_buy_sell": "Acheter et vendre",
  "botMode.only_buy": "Achat seul",
  "botMode.only_sell": "Vente seule",
} satisfies Translation<typeof en>;
