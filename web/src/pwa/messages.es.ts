// messages.ts in Spanish.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "pwa.install": "Instalar la app",
  "pwa.offline": "Sin conexión",
  "pwa.offlineText":
    "No hay conexión con el servidor. Los precios, las órdenes y las llamadas vuelven cuando vuelva la red.",
} satisfies Translation<typeof en>;
