// messages.ts in Chinese.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "shiftReport.button": "交班",
  "shiftReport.title": "交班报告",
  "shiftReport.account": "账户",
  "shiftReport.usdtIn": "USDT 转入",
  "shiftReport.usdtOut": "USDT 转出",
  "shiftReport.btcIn": "BTC 转入",
  "shiftReport.btcOut": "BTC 转出",
  "shiftReport.ethIn": "ETH 转入",
  "shiftReport.ethOut": "ETH 转出",
  "shiftReport.gtIn": "GT 转入",
  "shiftReport.gtOut": "GT 转出",
  "shiftReport.copy": "复制",
  "shiftReport.copied": "已复制到剪贴板。",
  "shiftReport.copyFailed": "无法复制到剪贴板。",
  "shiftReport.success": "成功！",
  "shiftReport.failed": "失败！",
} satisfies Translation<typeof en>;
