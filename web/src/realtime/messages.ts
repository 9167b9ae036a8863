import { defineMessages } from "../i18n/index.ts";

export const en = {
  "realtime.serverStopping": "The server is restarting ({{reason}}). Reconnecting…",
};

export const realtimeMessages = defineMessages(en, {
  zh: () => import("./messages.zh.ts"),
  es: () => import("./messages.es.ts"),
  fr: () => import("./messages.fr.ts"),
  it: () => import("./messages.it.ts"),
});
