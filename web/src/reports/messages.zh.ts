// messages.ts in Chinese.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "reports.userSummary": "用户汇总报表",
  "reports.transaction": "交易报表",
  "reports.endOfShift": "交班报表",
  "reports.dateRange": "日期范围",
  "reports.pickDates": "选择开始和结束日期",
  "reports.selectRange": "请选择日期范围。",
  "reports.userRegex": "用户正则表达式",
  "reports.pair": "交易对",
  "reports.allPairs": "全部交易对",
  "reports.download": "下载",
  "reports.downloading": "正在下载… {{size}}",
  "reports.success": "报表成功！",
  "reports.failed": "报表失败！",
} satisfies Translation<typeof en>;
