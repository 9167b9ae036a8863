import { defineMessages } from "../i18n/index.ts";

export const en = {
  "reports.userSummary": "User Summary Report",
  "reports.transaction": "Transaction Report",
  "reports.endOfShift": "End of Shift Report",
  "reports.dateRange": "Date range",
  "reports.pickDates": "Pick the first and last day",
  "reports.selectRange": "Please select a date range.",
  "reports.userRegex": "User regex",
  "reports.pair": "Pair",
  "reports.allPairs": "All pairs",
  "reports.download": "Download",
  "reports.downloading": "Downloading… {{size}}",
  "reports.success": "Report Success!",
  "reports.failed": "Report Failed!",
};

export const reportsMessages = defineMessages(en, {
  zh: () => import("./messages.zh.ts"),
  es: () => import("./messages.es.ts"),
  fr: () => import("./messages.fr.ts"),
  it: () => import("./messages.it.ts"),
});
