// menu-messages.ts in Italian.
import type { Translation } from "./index.ts";
import type { en } from "./menu-messages.ts";

export default {
  "menu.navigation": "Navigazione",
  "menu.toggle": "Mostra o nascondi menu",
  "menu.account": "Menu account",
  "menu.dashboard": "Dashboard",
  "menu.manageUsers": "Gestisci utenti",
  "menu.users": "Utenti",
  "menu.shifts": "Turni",
  "menu.botKeys": "Chiavi bot",
  "menu.gate": "Gate",
  "menu.binance": "Binance",
  "menu.houbi": "Houbi",
  "menu.profits": "Profitti",
  "menu.calls": "Chiamate",
  "menu.audit": "Registro di audit",
  "menu.tradingControls": "Controllo trading",
  "menu.reconciliation": "Riconciliazione",
  "menu.btcChart": "Grafico BTC",
  "menu.changePassword": "Cambia password",
  "menu.logout": "Esci",
  "layout.footer": "Gate Bot ©2022 Created by Gate Bot",
} satisfies Translation<typeof en>;
