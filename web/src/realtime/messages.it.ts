// messages.ts in Italian.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "realtime.serverStopping": "Il server si sta riavviando ({{reason}}). Riconnessione…",
} satisfies Translation<typeof en>;
