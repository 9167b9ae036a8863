// The price-history page's words (docs/screens.md#btc-price-history).
import { defineMessages } from "../i18n/index.ts";

export const en = {
  "yahoo.title": "BTC Chart via Yahoo Finance",
  "yahoo.range": "Date range",
  "yahoo.rangePlaceholder": "Pick two dates",
  "yahoo.interval": "Interval",
  "yahoo.series": "Series",
  "yahoo.open": "Open",
  "yahoo.close": "Close",
  "yahoo.high": "High",
  "yahoo.low": "Low",
  "yahoo.date": "Date",
  "yahoo.volume": "Volume",
  "yahoo.fetch": "Fetch BTC Data",
  "yahoo.selectRange": "Please select a date range.",
  "yahoo.failed": "Failed to fetch Yahoo Finance data.",
  "yahoo.empty": "No data in this range.",
  "yahoo.source.yahoo": "Source: Yahoo Finance",
  "yahoo.source.recorded": "Source: market prices recorded by this server",
  "yahoo.utc": "Times in UTC",
};

export const yahooMessages = defineMessages(en, {
  zh: () => import("./messages.zh.ts"),
  es: () => import("./messages.es.ts"),
  fr: () => import("./messages.fr.ts"),
  it: () => import("./messages.it.ts"),
});
