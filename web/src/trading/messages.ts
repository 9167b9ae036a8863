import { defineMessages } from "../i18n/index.ts";

export const en = {
  "trading.pair": "Pair",
  "trading.exchange": "Exchange",
  "trading.exchangeName.binance": "Binance",
  "trading.exchangeName.gate": "Gate",
  "trading.livePrice": "Live price",
  "trading.stalePrice": "Stale",
  "trading.stalePriceTitle":
    "No new price for {{age}} s: orders are refused until it is live again",
  "trading.price": "Price",
  "trading.assetId": "Asset id",
  "trading.buy": "BUY",
  "trading.sell": "SELL",
  "trading.saveFailed": "Could not save the pair and exchange.",
  "trading.enterPrice": "Enter a price.",
  "trading.enterAssetId": "Enter the asset id.",
  "trading.noPrice": "No market price yet. Try again in a moment.",
  "trading.created": "{{side}} transaction #{{id}} created.",
  "trading.createFailed": "Create failed.",
  "trading.createFailedTitle": "CREATE TRANSACTION FAILED",
  "trading.errorTitle": "Create transaction failed",
  "trading.missingKeys": "Please update Key/Secret for {{exchange}} first",
  "trading.fluctuatingTitle": "The market is fluctuating",
  "trading.marketPrice": "Market price",
  "trading.lastMarketPrice": "Last market price",
};

export const tradingMessages = defineMessages(en, {
  zh: () => import("./messages.zh.ts"),
  es: () => import("./messages.es.ts"),
  fr: () => import("./messages.fr.ts"),
  it: () => import("./messages.it.ts"),
});
