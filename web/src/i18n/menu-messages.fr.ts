// menu-messages.ts in French.
import type { Translation } from "./index.ts";
import type { en } from "./menu-messages.ts";

export default {
  "menu.navigation": "Navigation",
  "menu.toggle": "Afficher ou masquer le menu",
  "menu.account": "Menu du compte",
  "menu.dashboard": "Tableau de bord",
  "menu.manageUsers": "Gérer les utilisateurs",
  "menu.users": "Utilisateurs",
  "menu.shifts": "Équipes",
  "menu.botKeys": "Clés des bots",
  "menu.gate": "Gate",
  "menu.binance": "Binance",
  "menu.houbi": "Houbi",
  "menu.profits": "Profits",
  "menu.calls": "Appels",
  "menu.audit": "Journal d'audit",
  "menu.tradingControls": "Contrôle du trading",
  "menu.reconciliation": "Rapprochement",
  "menu.btcChart": "Graphique BTC",
  "menu.changePassword": "Changer le mot de passe",
  "menu.logout": "Se déconnecter",
  "layout.footer": "Gate Bot ©2022 Created by Gate Bot",
} satisfies Translation<typeof en>;
