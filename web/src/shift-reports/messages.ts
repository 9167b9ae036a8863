import { defineMessages } from "../i18n/index.ts";

export const en = {
  "shiftReport.button": "SHIFT END",
  "shiftReport.title": "Shift Report",
  "shiftReport.account": "Account",
  "shiftReport.usdtIn": "USDT In",
  "shiftReport.usdtOut": "USDT Out",
  "shiftReport.btcIn": "BTC In",
  "shiftReport.btcOut": "BTC Out",
  "shiftReport.ethIn": "ETH In",
  "shiftReport.ethOut": "ETH Out",
  "shiftReport.gtIn": "GT In",
  "shiftReport.gtOut": "GT Out",
  "shiftReport.copy": "Copy",
  "shiftReport.copied": "Copied to the clipboard.",
  "shiftReport.copyFailed": "Could not copy to the clipboard.",
  "shiftReport.success": "Success!",
  "shiftReport.failed": "Failed!",
};

export const shiftReportMessages = defineMessages(en, {
  zh: () => import("./messages.zh.ts"),
  es: () => import("./messages.es.ts"),
  fr: () => import("./messages.fr.ts"),
  it: () => import("./messages.it.ts"),
});
