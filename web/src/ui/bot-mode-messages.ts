// Bot mode names (docs/trading.md#enumerations), shared by the settings form and the call notice.
import { defineMessages } from "../i18n/index.ts";

defineMessages({
  en: {
    "botMode.none": "None (record only)",
    "botMode.buy_sell": "Buy, then sell",
    "botMode.sell_buy": "Sell, then buy back",
    "botMode.only_buy_sell": "Buy and sell",
    "botMode.only_buy": "Only buy",
    "botMode.only_sell": "Only sell",
  },
  zh: {
    "botMode.none": "无（仅记录）",
    "botMode.buy_sell": "先买后卖",
    "botMode.sell_buy": "先卖后买回",
    "botMode.only_buy_sell": "买和卖",
    "botMode.only_buy": "只买",
    "botMode.only_sell": "只卖",
  },
  es: {
    "botMode.none": "Ninguno (solo registrar)",
    "botMode.buy_sell": "Comprar y luego vender",
    "botMode.sell_buy": "Vender y recomprar",
    "botMode.only_buy_sell": "Comprar y vender",
    "botMode.only_buy": "Solo comprar",
    "botMode.only_sell": "Solo vender",
  },
  fr: {
    "botMode.none": "Aucun (enregistrer seulement)",
    "botMode.buy_sell": "Acheter puis vendre",
    "botMode.sell_buy": "Vendre puis racheter",
    "botMode.only_buy_sell": "Acheter et vendre",
    "botMode.only_buy": "Achat seul",
    "botMode.only_sell": "Vente seule",
  },
  it: {
    "botMode.none": "Nessuno (solo registrazione)",
    "botMode.buy_sell": "Compra, poi vendi",
    "botMode.sell_buy": "Vendi, poi ricompra",
    "botMode.only_buy_sell": "Compra e vendi",
    "botMode.only_buy": "Solo compra",
    "botMode.only_sell": "Solo vendita",
  },
});
