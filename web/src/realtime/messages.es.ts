// messages.ts in Spanish.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "realtime.serverStopping": "El servidor se está reiniciando ({{reason}}). Reconectando…",
} satisfies Translation<typeof en>;
