// settings-messages.ts in Spanish.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./settings-messages.ts";

export default {
  "settings.field.pair": "Par",
  "settings.help.pair":
    "El par que opera este usuario; una llamada a un par llega a los usuarios en él.",
  "settings.field.exchange": "Exchange",
  "settings.help.exchange": "Dónde se colocan las órdenes de este usuario.",
  "settings.field.useBot": "Modo bot",
  "settings.help.useBot":
    "Qué hace un clic: comprar y vender con el spread, vender y recomprar, o solo un sentido. Una llamada cambia el modo de un User.",
  "settings.field.tradingAmount": "Importe de operación",
  "settings.help.tradingAmount":
    "Moneda de cotización (p. ej. USDT) gastada en cada BUY. 0: no puede comprar.",
  "settings.field.coinTradingAmount": "Cantidad de moneda",
  "settings.help.coinTradingAmount":
    "Monedas vendidas en cada SELL (solo venta vende el 95% de los fondos).",
  "settings.field.spread": "Spread (%)",
  "settings.help.spread":
    "Cuánto por encima del precio de compra vende el bot (o por debajo recompra), en porcentaje.",
  "settings.field.isAutoSpread": "Spread automático",
  "settings.help.isAutoSpread": "Se pasa al bot con cada transacción: puede elegir el spread.",
  "settings.field.numberOfTran": "Transacciones por clic",
  "settings.help.numberOfTran":
    "De 1 a 10: un clic en modo bot coloca tantas órdenes, las extra variadas un 5-20%.",
  "settings.field.fraction": "Fracción (%)",
  "settings.help.fraction": "Se pasa al bot con cada transacción: la parte del importe que usa.",
  "settings.field.isFull": "Importe completo",
  "settings.help.isFull": "Se pasa al bot con cada transacción: operar todo el importe de una vez.",
  "settings.field.isRandom": "Importes aleatorios",
  "settings.help.isRandom": "Se pasa al bot con cada transacción: variar los importes.",
  "settings.field.group": "Grupo",
  "settings.help.group": "Las llamadas llegan a todos los miembros del grupo de quien llama.",
  "settings.field.coinFunds": "Fondos en moneda",
  "settings.help.coinFunds":
    "Lo que la cuenta tiene de la moneda del par en el exchange, leído de ella; solo venta vende el 95%.",
  "settings.title": "Ajustes de operación de {{username}}",
  "settings.open": "Ajustes",
  "settings.keys": "Claves",
  "settings.myTitle": "Mis ajustes de operación",
  "settings.readOnly":
    "Los fija un Admin. Eliges par y exchange en la barra superior; una llamada fija tu modo bot.",
  "settings.saved": "Ajustes de {{username}} guardados.",
  "settings.saveFailed": "No se pudieron guardar los ajustes.",
  "settings.keysColumn": "Claves",
  "settings.noKeys": "ninguna",
  "settings.needsKeys": "faltan claves",
  "settings.needsKeysHint":
    "No puede operar: faltan claves de {{exchange}} para el modo bot de una llamada",
  "settings.readFunds": "Leer de la cuenta",
  "settings.fundsFailed": "No se pudo leer la cuenta.",
  "settings.fundsOf": "{{amount}} {{asset}} en {{exchange}}",
  "settings.menu": "Ajustes de operación",
  "Must be a whole number from 1 to 10": "Debe ser un número entero de 1 a 10",
  "Must be a number with at most 8 decimals": "Debe ser un número con 8 decimales como máximo",
  "Must be between 0 and 100 with at most 8 decimals":
    "Debe estar entre 0 y 100 con 8 decimales como máximo",
  "Must be between 0 and 1000000000 with at most 8 decimals":
    "Debe estar entre 0 y 1000000000 con 8 decimales como máximo",
  "Unknown pair": "Par desconocido",
  "roleChange.title": "Cambiar rol",
  "roleChange.confirm":
    "¿Cambiar el rol de {{username}} de {{from}} a {{to}}? Se cerrará su sesión de inmediato.",
  "roleChange.superAdmin":
    "{{username}} pasa a ser SuperAdmin: control total de todos los usuarios, todas las claves de exchanges y de bots, y poder para quitar a otros SuperAdmin.",
  "roleChange.ok": "Cambiar rol",
} satisfies Translation<typeof en>;
