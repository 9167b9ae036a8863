import { defineMessages } from "../i18n/index.ts";

export const en = {
  "profits.total.one": "Total realized profit over {{count}} server-priced DONE transaction:",
  "profits.title": "Profits",
  "profits.loadFailed": "Could not load profits.",
  "profits.allTime": "All time",
  "profits.download": "Download CSV",
  "profits.total": "Total realized profit over {{count}} server-priced DONE transactions:",
  "profits.day": "Date (UTC)",
  "profits.username": "Username",
  "profits.trades": "Trades",
  "profits.quantity": "Quantity",
  "profits.buyAmount": "Buy amount",
  "profits.sellAmount": "Sell amount",
  "profits.profit": "Profit",
  "profits.empty": "No DONE transactions in this range.",
  "profits.notCounted":
    "Not counted: {{count}} DONE transactions whose prices the server did not make: typed by hand {{typed}}, closed by hand {{handClosed}}, edited by an Admin {{edited}}. Their profit would be",
  "profits.notCounted.one":
    "Not counted: 1 DONE transaction whose prices the server did not make: typed by hand {{typed}}, closed by hand {{handClosed}}, edited by an Admin {{edited}}. Its profit would be",
  "profits.notCountedColumn": "Not counted",
};

export const profitsMessages = defineMessages(en, {
  zh: () => import("./messages.zh.ts"),
  es: () => import("./messages.es.ts"),
  fr: () => import("./messages.fr.ts"),
  it: () => import("./messages.it.ts"),
});
