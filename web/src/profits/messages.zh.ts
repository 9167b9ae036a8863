// messages.ts in Chinese.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "profits.total.one": "{{count}} 笔往返交易按成交和手续费计算的已实现总利润：",
  "profits.title": "利润",
  "profits.loadFailed": "无法加载利润。",
  "profits.allTime": "全部时间",
  "profits.download": "下载 CSV",
  "profits.total": "{{count}} 笔往返交易按成交和手续费计算的已实现总利润：",
  "profits.day": "日期（UTC）",
  "profits.username": "用户名",
  "profits.trades": "交易数",
  "profits.quantity": "数量",
  "profits.buyAmount": "买入金额",
  "profits.sellAmount": "卖出金额",
  "profits.profit": "利润",
  "profits.empty": "此范围内没有已完成的交易。",
  "profits.notCounted":
    "未计入：{{count}} 笔没有成交结果的已完成交易：手动平仓 {{handClosed}}，手动输入 {{typed}}，管理员编辑 {{edited}}，单边（仅买、仅卖）{{oneSided}}，无可计价成交 {{unpriced}}。按目标价本应为",
  "profits.notCounted.one":
    "未计入：1 笔没有成交结果的已完成交易：手动平仓 {{handClosed}}，手动输入 {{typed}}，管理员编辑 {{edited}}，单边（仅买、仅卖）{{oneSided}}，无可计价成交 {{unpriced}}。按目标价本应为",
  "profits.missedCalls": "错过的喊单：{{count}}，未交易，本可赚取",
  "profits.missedCalls.one": "错过的喊单：1，未交易，本可赚取",
  "profits.missedColumn": "错过的喊单",
  "profits.notCountedColumn": "未计入",
} satisfies Translation<typeof en>;
