// messages.ts in Chinese.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "yahoo.title": "BTC 图表（Yahoo Finance）",
  "yahoo.range": "日期范围",
  "yahoo.rangePlaceholder": "选择两个日期",
  "yahoo.interval": "间隔",
  "yahoo.series": "数据系列",
  "yahoo.open": "开盘",
  "yahoo.close": "收盘",
  "yahoo.high": "最高",
  "yahoo.low": "最低",
  "yahoo.date": "日期",
  "yahoo.volume": "成交量",
  "yahoo.fetch": "获取 BTC 数据",
  "yahoo.selectRange": "请选择日期范围。",
  "yahoo.failed": "获取 Yahoo Finance 数据失败。",
  "yahoo.empty": "此范围内没有数据。",
  "yahoo.source.yahoo": "来源：Yahoo Finance",
  "yahoo.source.recorded": "来源：本服务器记录的市场价格",
  "yahoo.utc": "时间为 UTC",
} satisfies Translation<typeof en>;
