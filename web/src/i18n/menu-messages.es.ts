// menu-messages.ts in Spanish.
import type { Translation } from "./index.ts";
import type { en } from "./menu-messages.ts";

export default {
  "menu.navigation": "Navegación",
  "menu.toggle": "Mostrar u ocultar menú",
  "menu.account": "Menú de cuenta",
  "menu.dashboard": "Panel",
  "menu.manageUsers": "Gestionar usuarios",
  "menu.users": "Usuarios",
  "menu.shifts": "Turnos",
  "menu.botKeys": "Claves de bots",
  "menu.gate": "Gate",
  "menu.binance": "Binance",
  "menu.houbi": "Houbi",
  "menu.profits": "Beneficios",
  "menu.calls": "Llamadas",
  "menu.audit": "Registro de auditoría",
  "menu.tradingControls": "Control de trading",
  "menu.reconciliation": "Conciliación",
  "menu.btcChart": "Gráfico BTC",
  "menu.changePassword": "Cambiar contraseña",
  "menu.logout": "Cerrar sesión",
  "layout.footer": "Gate Bot ©2022 Created by Gate Bot",
} satisfies Translation<typeof en>;
