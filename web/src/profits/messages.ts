import { defineMessages } from "../i18n/index.ts";

export const en = {
  "profits.total.one": "Total realized profit of {{count}} round trip, from its fills and fees:",
  "profits.title": "Profits",
  "profits.loadFailed": "Could not load profits.",
  "profits.allTime": "All time",
  "profits.download": "Download CSV",
  "profits.total": "Total realized profit of {{count}} round trips, from their fills and fees:",
  "profits.day": "Date (UTC)",
  "profits.username": "Username",
  "profits.trades": "Trades",
  "profits.quantity": "Quantity",
  "profits.buyAmount": "Buy amount",
  "profits.sellAmount": "Sell amount",
  "profits.profit": "Profit",
  "profits.empty": "No DONE transactions in this range.",
  "profits.notCounted":
    "Not counted: {{count}} DONE transactions without a result from fills: closed by hand {{handClosed}}, typed by hand {{typed}}, edited by an Admin {{edited}}, one-sided (only buy, only sell) {{oneSided}}, no fill to value {{unpriced}}. At their targets they would make",
  "profits.notCounted.one":
    "Not counted: 1 DONE transaction without a result from fills: closed by hand {{handClosed}}, typed by hand {{typed}}, edited by an Admin {{edited}}, one-sided (only buy, only sell) {{oneSided}}, no fill to value {{unpriced}}. At its targets it would make",
  "profits.missedCalls": "Missed calls: {{count}}, never traded, would have made",
  "profits.missedCalls.one": "Missed calls: 1, never traded, would have made",
  "profits.missedColumn": "Missed calls",
  "profits.notCountedColumn": "Not counted",
};

export const profitsMessages = defineMessages(en, {
  zh: () => import("./messages.zh.ts"),
  es: () => import("./messages.es.ts"),
  fr: () => import("./messages.fr.ts"),
  it: () => import("./messages.it.ts"),
});
