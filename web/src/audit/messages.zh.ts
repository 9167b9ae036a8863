// messages.ts in Chinese.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "audit.total.one": "共 {{count}} 条记录",
  "audit.title": "审计日志",
  "audit.loadFailed": "无法加载审计日志。",
  "audit.action": "操作",
  "audit.allActions": "全部操作",
  "audit.total": "共 {{count}} 条记录",
  "audit.time": "时间",
  "audit.actor": "操作人",
  "audit.target": "目标用户",
  "audit.details": "详情",
  "audit.empty": "没有审计记录。",
} satisfies Translation<typeof en>;
