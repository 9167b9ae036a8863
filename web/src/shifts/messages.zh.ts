// messages.ts in Chinese.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "shifts.title": "班次",
  "shifts.loadFailed": "无法加载班次。",
  "shifts.usersFailed": "无法加载用户。",
  "shifts.add": "添加班次",
  "shifts.edit": "编辑班次",
  "shifts.start": "开始",
  "shifts.end": "结束",
  "shifts.hours": "小时",
  "shifts.users": "用户",
  "shifts.actions": "操作",
  "shifts.empty": "暂无班次。",
  "shifts.startDay": "开始日期",
  "shifts.startHour": "开始时间",
  "shifts.interval": "时长（小时）",
  "shifts.intervalHint": "0 表示 24 小时",
  "shifts.preview": "{{start}} 至 {{end}}（{{hours}} 小时）",
  "shifts.saved": "班次已保存。",
  "shifts.saveFailed": "保存失败。",
  "shifts.deleteTitle": "删除班次",
  "shifts.deleteConfirm": "删除 {{start}} 至 {{end}} 的班次？",
  "shifts.deleted": "班次已删除。",
  "shifts.deleteFailed": "删除失败。",
  "Between 0 and 24 hours": "介于 0 到 24 小时之间",
} satisfies Translation<typeof en>;
