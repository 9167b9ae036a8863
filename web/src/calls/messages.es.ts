// messages.ts in Spanish.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "calls.secondsLeft": "quedan {{seconds}} s",
  "calls.sideBuy": "COMPRAR está disponible: tu modo bot es {{mode}}.",
  "calls.sideSell": "VENDER está disponible: tu modo bot es {{mode}}.",
  "calls.sideNone":
    "No tienes ningún lado abierto: tu modo bot es {{mode}} y esta llamada no lo cambia. Lo fija un Admin.",
  "calls.calling": "{{from}} LLAMANDO",
  "calls.enterTradingInfo": "INTRODUZCA LA INFORMACIÓN DE TRADING EN LA HOJA.",
  "calls.count": "Cantidad",
  "calls.target": "Objetivo de la llamada",
  "calls.call": "LLAMAR",
  "calls.target.BUY": "COMPRAR",
  "calls.target.SELL": "VENDER",
  "calls.target.BUY_ONLY": "SOLO COMPRAR",
  "calls.target.SELL_ONLY": "SOLO VENDER",
  "calls.target.RING_ONLY": "SOLO TIMBRE",
  "calls.sendFailed": "La llamada falló.",
  "calls.useBotFailed": "No se pudo cambiar el modo del bot para esta llamada.",
  "calls.noPrice": "Sin precio de mercado: no se creó la transacción finalizada de la llamada.",
  "calls.doneFailed": "No se pudo crear la transacción finalizada de la llamada.",
  "calls.tradeErrorTitle": "{{action}} {{id}}",
  "calls.close": "Cerrar",
} satisfies Translation<typeof en>;
