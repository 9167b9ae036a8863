import { defineMessages } from "../i18n/index.ts";

defineMessages({
  en: { "realtime.serverStopping": "The server is restarting ({{reason}}). Reconnecting…" },
  zh: { "realtime.serverStopping": "服务器正在重启（{{reason}}）。正在重新连接…" },
  es: { "realtime.serverStopping": "El servidor se está reiniciando ({{reason}}). Reconectando…" },
  fr: { "realtime.serverStopping": "Le serveur redémarre ({{reason}}). Reconnexion…" },
  it: { "realtime.serverStopping": "Il server si sta riavviando ({{reason}}). Riconnessione…" },
});
