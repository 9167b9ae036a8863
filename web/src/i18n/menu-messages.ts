// The menu, sidebar and layout words (docs/screens.md#sidebar).
import { defineMessages } from "./index.ts";

export const en = {
  "menu.navigation": "Navigation",
  "menu.toggle": "Toggle menu",
  "menu.account": "Account menu",
  "menu.dashboard": "Dashboard",
  "menu.manageUsers": "Manage Users",
  "menu.users": "Users",
  "menu.shifts": "Shifts",
  "menu.botKeys": "Bot Keys",
  "menu.gate": "Gate",
  "menu.binance": "Binance",
  "menu.houbi": "Houbi",
  "menu.profits": "Profits",
  "menu.calls": "Calls",
  "menu.audit": "Audit Log",
  "menu.tradingControls": "Trading Controls",
  "menu.reconciliation": "Reconciliation",
  "menu.btcChart": "BTC Chart",
  "menu.changePassword": "Change Password",
  "menu.logout": "Logout",
  "layout.footer": "Gate Bot ©2022 Created by Gate Bot",
};

export const menuMessages = defineMessages(en, {
  zh: () => import("./menu-messages.zh.ts"),
  es: () => import("./menu-messages.es.ts"),
  fr: () => import("./menu-messages.fr.ts"),
  it: () => import("./menu-messages.it.ts"),
});
