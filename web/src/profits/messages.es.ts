// messages.ts in Spanish.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "profits.total.one":
    "Beneficio realizado total de {{count}} operación de ida y vuelta, según sus ejecuciones y comisiones:",
  "profits.title": "Beneficios",
  "profits.loadFailed": "No se pudieron cargar los beneficios.",
  "profits.allTime": "Todo el tiempo",
  "profits.download": "Descargar CSV",
  "profits.total":
    "Beneficio realizado total de {{count}} operaciones de ida y vuelta, según sus ejecuciones y comisiones:",
  "profits.day": "Fecha (UTC)",
  "profits.username": "Usuario",
  "profits.trades": "Operaciones",
  "profits.quantity": "Cantidad",
  "profits.buyAmount": "Importe de compra",
  "profits.sellAmount": "Importe de venta",
  "profits.profit": "Beneficio",
  "profits.empty": "No hay transacciones DONE en este rango.",
  "profits.notCounted":
    "Sin contar: {{count}} transacciones DONE sin resultado de ejecuciones: cerradas a mano {{handClosed}}, escritas a mano {{typed}}, editadas por un Admin {{edited}}, de un solo lado (solo compra, solo venta) {{oneSided}}, sin ejecución que valorar {{unpriced}}. A sus objetivos harían",
  "profits.notCounted.one":
    "Sin contar: 1 transacción DONE sin resultado de ejecuciones: cerrada a mano {{handClosed}}, escrita a mano {{typed}}, editada por un Admin {{edited}}, de un solo lado (solo compra, solo venta) {{oneSided}}, sin ejecución que valorar {{unpriced}}. A sus objetivos haría",
  "profits.missedCalls": "Llamadas perdidas: {{count}}, sin operar, habrían hecho",
  "profits.missedCalls.one": "Llamadas perdidas: 1, sin operar, habría hecho",
  "profits.missedColumn": "Llamadas perdidas",
  "profits.notCountedColumn": "Sin contar",
} satisfies Translation<typeof en>;
