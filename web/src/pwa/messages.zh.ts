// messages.ts in Chinese.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "pwa.install": "安装应用",
  "pwa.offline": "离线",
  "pwa.offlineText": "无法连接服务器。网络恢复后，价格、订单和呼叫将继续。",
} satisfies Translation<typeof en>;
