// messages.ts in Spanish.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "profits.total.one": "Beneficio realizado total en {{count}} transacción DONE:",
  "profits.title": "Beneficios",
  "profits.loadFailed": "No se pudieron cargar los beneficios.",
  "profits.allTime": "Todo el tiempo",
  "profits.download": "Descargar CSV",
  "profits.total": "Beneficio realizado total en {{count}} transacciones DONE:",
  "profits.day": "Fecha (UTC)",
  "profits.username": "Usuario",
  "profits.trades": "Operaciones",
  "profits.quantity": "Cantidad",
  "profits.buyAmount": "Importe de compra",
  "profits.sellAmount": "Importe de venta",
  "profits.profit": "Beneficio",
  "profits.empty": "No hay transacciones DONE en este rango.",
  "profits.notCounted":
    "Sin contar: {{count}} transacciones DONE cuyos precios no puso el servidor: escritos a mano {{typed}}, cerradas a mano {{handClosed}}, editadas por un Admin {{edited}}. Su beneficio sería",
  "profits.notCounted.one":
    "Sin contar: 1 transacción DONE cuyos precios no puso el servidor: escritos a mano {{typed}}, cerrada a mano {{handClosed}}, editada por un Admin {{edited}}. Su beneficio sería",
  "profits.notCountedColumn": "Sin contar",
} satisfies Translation<typeof en>;
