// messages.ts in Chinese.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "profits.total.one": "{{count}} 笔已完成交易的已实现总利润：",
  "profits.title": "利润",
  "profits.loadFailed": "无法加载利润。",
  "profits.allTime": "全部时间",
  "profits.download": "下载 CSV",
  "profits.total": "{{count}} 笔已完成交易的已实现总利润：",
  "profits.day": "日期（UTC）",
  "profits.username": "用户名",
  "profits.trades": "交易数",
  "profits.quantity": "数量",
  "profits.buyAmount": "买入金额",
  "profits.sellAmount": "卖出金额",
  "profits.profit": "利润",
  "profits.empty": "此范围内没有已完成的交易。",
  "profits.notCounted":
    "未计入：{{count}} 笔价格非服务器生成的已完成交易：手动输入 {{typed}}，手动平仓 {{handClosed}}，管理员编辑 {{edited}}。其利润本应为",
  "profits.notCounted.one":
    "未计入：1 笔价格非服务器生成的已完成交易：手动输入 {{typed}}，手动平仓 {{handClosed}}，管理员编辑 {{edited}}。其利润本应为",
  "profits.notCountedColumn": "未计入",
} satisfies Translation<typeof en>;
