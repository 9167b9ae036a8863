// common-messages.ts in Chinese.
import type { Translation } from "./index.ts";
import type { en } from "./common-messages.ts";

export default {
  "common.language": "语言",
  "common.save": "保存",
  "common.cancel": "取消",
  "common.close": "关闭",
  "common.confirm": "确认",
  "common.delete": "删除",
  "common.edit": "编辑",
  "common.search": "搜索",
  "common.loading": "加载中…",
  "common.scrollTable": "表格，可左右滚动",
  "common.togglePassword": "显示或隐藏密码",
  "errors.notFoundTitle": "您似乎迷路了",
  "errors.notFoundBody": "您要找的页面不存在或已被移动。",
  "errors.serverTitle": "服务器内部错误",
  "errors.serverBody": "出了点问题，请稍后再试。",
  "errors.backHome": "返回首页",
  "Required": "必填",
} satisfies Translation<typeof en>;
