// messages.ts in Chinese.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "halts.bannerTitle": "交易已暂停",
  "halts.banner.all": "所有人的交易已暂停：{{reason}}",
  "halts.banner.exchange": "{{exchange}} 上的交易已暂停：{{reason}}",
  "halts.banner.user": "{{username}} 的交易已暂停：{{reason}}",
  "halts.title": "暂停交易",
  "halts.scope": "范围",
  "halts.scope.all": "所有人",
  "halts.scope.exchange": "一个交易所",
  "halts.scope.user": "一个用户",
  "halts.exchange": "交易所",
  "halts.user": "用户",
  "halts.reason": "原因",
  "halts.stopsClosing": "同时停止机器人的平仓订单",
  "halts.halt": "暂停",
  "halts.release": "解除",
  "halts.column.halt": "暂停",
  "halts.column.closing": "平仓订单",
  "halts.column.set": "设置者",
  "halts.none": "交易未暂停。",
  "halts.failed": "无法更改暂停状态。",
  "limits.title": "订单限额",
  "limits.maxPerOrder": "单笔上限",
  "limits.maxPerDay": "每日上限",
  "limits.none": "无限额",
  "limits.save": "保存限额",
  "limits.saved": "限额已保存",
  "limits.failed": "无法保存限额。",
} satisfies Translation<typeof en>;
