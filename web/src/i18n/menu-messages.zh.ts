// menu-messages.ts in Chinese.
import type { Translation } from "./index.ts";
import type { en } from "./menu-messages.ts";

export default {
  "menu.navigation": "导航",
  "menu.toggle": "切换菜单",
  "menu.account": "账户菜单",
  "menu.dashboard": "仪表盘",
  "menu.manageUsers": "用户管理",
  "menu.users": "用户",
  "menu.shifts": "班次",
  "menu.botKeys": "机器人密钥",
  "menu.gate": "Gate",
  "menu.binance": "Binance",
  "menu.houbi": "Houbi",
  "menu.profits": "利润",
  "menu.calls": "呼叫",
  "menu.audit": "审计日志",
  "menu.tradingControls": "交易控制",
  "menu.reconciliation": "对账",
  "menu.btcChart": "BTC 图表",
  "menu.changePassword": "修改密码",
  "menu.logout": "退出登录",
  "layout.footer": "Gate Bot ©2022 Created by Gate Bot",
} satisfies Translation<typeof en>;
