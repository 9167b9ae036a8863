// The halt banner and the trading controls page.
import { defineMessages } from "../i18n/index.ts";

export const en = {
  "halts.bannerTitle": "Trading halted",
  "halts.banner.all": "Trading is halted for everyone: {{reason}}",
  "halts.banner.exchange": "Trading on {{exchange}} is halted: {{reason}}",
  "halts.banner.user": "Trading is halted for {{username}}: {{reason}}",
  "halts.title": "Halt trading",
  "halts.scope": "Who",
  "halts.scope.all": "Everyone",
  "halts.scope.exchange": "One exchange",
  "halts.scope.user": "One user",
  "halts.exchange": "Exchange",
  "halts.user": "User",
  "halts.reason": "Reason",
  "halts.stopsClosing": "Stop the bot's closing orders too",
  "halts.halt": "HALT",
  "halts.release": "Release",
  "halts.column.halt": "Halt",
  "halts.column.closing": "Closing orders",
  "halts.column.set": "Set by",
  "halts.none": "Trading is not halted.",
  "halts.failed": "The halt could not be changed.",
  "limits.title": "Order limits",
  "limits.maxPerOrder": "Maximum per order",
  "limits.maxPerDay": "Maximum per day",
  "limits.none": "No limit",
  "limits.save": "Save limit",
  "limits.saved": "Limit saved",
  "limits.failed": "The limits could not be saved.",
};

export const haltsMessages = defineMessages(en, {
  zh: () => import("./messages.zh.ts"),
  es: () => import("./messages.es.ts"),
  fr: () => import("./messages.fr.ts"),
  it: () => import("./messages.it.ts"),
});
