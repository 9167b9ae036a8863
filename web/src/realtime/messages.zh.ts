// messages.ts in Chinese.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "realtime.serverStopping": "服务器正在重启（{{reason}}）。正在重新连接…",
} satisfies Translation<typeof en>;
