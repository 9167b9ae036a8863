// board-messages.ts in Chinese.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./board-messages.ts";

export default {
  "board.title": "呼叫看板",
  "board.loadFailed": "无法加载呼叫看板。",
  "board.heading": "{{lead}} 于 {{time}} 呼叫 {{target}}",
  "board.ended": "呼叫已结束",
  "board.recipients": "接收人",
  "board.followed": "已跟随",
  "board.followedValue": "{{total}} 人中 {{count}} 人（{{share}}）",
  "board.filled": "成交金额",
  "board.result": "目前结果",
  "board.resultSplit":
    "已实现 {{realized}}，按实时价格未实现 {{unrealized}}。错过的呼叫本可得到 {{missed}}（从不计入利润）。",
  "board.user": "用户",
  "board.state": "状态",
  "board.delivery": "送达方式",
  "board.seen": "已看到通知",
  "board.side": "方向",
  "board.fill": "成交价",
  "board.amount": "金额",
  "board.reaction": "反应时间",
  "board.details": "结果或原因",
  "board.missedWouldBe": "本可得到 {{amount}}",
  "board.noRecipients": "还没有人收到此呼叫。",
  "board.state.notified": "已通知",
  "board.state.seen": "已看到",
  "board.state.traded": "已交易",
  "board.state.refused": "被拒绝",
  "board.state.missed": "已错过",
  "board.delivery.page": "页面打开",
  "board.delivery.push": "推送到手机",
  "board.delivery.offline": "离线",
  "board.target.ALL": "买入和卖出",
  "board.openPage": "打开呼叫页面",
  "board.close": "关闭呼叫看板",
} satisfies Translation<typeof en>;
