import { defineMessages } from "../i18n/index.ts";

export const en = {
  "audit.total.one": "{{count}} entry",
  "audit.title": "Audit Log",
  "audit.loadFailed": "Could not load the audit log.",
  "audit.action": "Action",
  "audit.allActions": "All actions",
  "audit.total": "{{count}} entries",
  "audit.time": "Time",
  "audit.actor": "Actor",
  "audit.target": "Target",
  "audit.details": "Details",
  "audit.empty": "No audit entries.",
};

export const auditMessages = defineMessages(en, {
  zh: () => import("./messages.zh.ts"),
  es: () => import("./messages.es.ts"),
  fr: () => import("./messages.fr.ts"),
  it: () => import("./messages.it.ts"),
});
