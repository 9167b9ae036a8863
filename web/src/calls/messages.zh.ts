// messages.ts in Chinese.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "calls.secondsLeft": "剩余 {{seconds}} 秒",
  "calls.sideBuy": "买入已开放：你的机器人模式是 {{mode}}。",
  "calls.sideSell": "卖出已开放：你的机器人模式是 {{mode}}。",
  "calls.sideNone":
    "你没有可用的方向：你的机器人模式是 {{mode}}，本次呼叫不会改变它。由管理员设置。",
  "calls.calling": "{{from}} 正在呼叫",
  "calls.enterTradingInfo": "请将交易信息填入表格。",
  "calls.count": "次数",
  "calls.target": "呼叫目标",
  "calls.call": "呼叫",
  "calls.target.BUY": "买入",
  "calls.target.SELL": "卖出",
  "calls.target.BUY_ONLY": "仅买入",
  "calls.target.SELL_ONLY": "仅卖出",
  "calls.target.RING_ONLY": "仅响铃",
  "calls.sendFailed": "呼叫失败。",
  "calls.useBotFailed": "无法为此呼叫切换机器人模式。",
  "calls.noPrice": "没有市场价格：未创建此呼叫的完成交易。",
  "calls.doneFailed": "无法创建此呼叫的完成交易。",
  "calls.tradeErrorTitle": "{{action}} {{id}}",
  "calls.close": "关闭",
} satisfies Translation<typeof en>;
