// messages.ts in Chinese.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "push.menu": "呼叫通知",
  "push.title": "呼叫通知",
  "push.device.on": "此设备会收到呼叫通知。",
  "push.device.off": "此设备不会收到呼叫通知。",
  "push.device.denied": "浏览器设置已阻止此网站的通知。",
  "push.device.unsupported": "此浏览器无法接收通知。在 iPhone 上，请先将应用添加到主屏幕。",
  "push.enable": "开启",
  "push.disable": "关闭",
  "push.targets": "会通知的呼叫",
  "push.kind.BUY": "买入",
  "push.kind.SELL": "卖出",
  "push.kind.BUY_ONLY": "仅买入",
  "push.kind.SELL_ONLY": "仅卖出",
  "push.kind.RING_ONLY": "仅响铃",
  "push.kind.PAIR": "交易对",
  "push.quietStart": "免打扰开始",
  "push.quietEnd": "免打扰结束",
  "push.timeZone": "时间按 {{zone}}",
  "push.save": "保存",
  "push.saved": "通知设置已保存",
  "push.failed": "无法更改呼叫通知。",
} satisfies Translation<typeof en>;
