// messages.ts in Spanish.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "trading.pair": "Par",
  "trading.exchange": "Exchange",
  "trading.exchangeName.binance": "Binance",
  "trading.exchangeName.gate": "Gate",
  "trading.livePrice": "Precio en vivo",
  "trading.stalePrice": "Desactualizado",
  "trading.stalePriceTitle":
    "Sin precio nuevo desde hace {{age}} s: las órdenes se rechazan hasta que vuelva a estar en vivo",
  "trading.price": "Precio",
  "trading.assetId": "ID del activo",
  "trading.buy": "COMPRAR",
  "trading.sell": "VENDER",
  "trading.saveFailed": "No se pudieron guardar el par y el exchange.",
  "trading.enterPrice": "Introduce un precio.",
  "trading.enterAssetId": "Introduce el ID del activo.",
  "trading.noPrice": "Aún no hay precio de mercado. Inténtalo de nuevo en un momento.",
  "trading.created": "Transacción {{side}} #{{id}} creada.",
  "trading.createFailed": "No se pudo crear.",
  "trading.createFailedTitle": "NO SE PUDO CREAR LA TRANSACCIÓN",
  "trading.errorTitle": "No se pudo crear la transacción",
  "trading.missingKeys": "Actualiza primero la Key/Secret de {{exchange}}",
  "trading.fluctuatingTitle": "El mercado está fluctuando",
  "trading.marketPrice": "Precio de mercado",
  "trading.lastMarketPrice": "Último precio de mercado",
} satisfies Translation<typeof en>;
