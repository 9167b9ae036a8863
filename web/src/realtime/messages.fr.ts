// messages.ts in French.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "realtime.serverStopping": "Le serveur redémarre ({{reason}}). Reconnexion…",
} satisfies Translation<typeof en>;
