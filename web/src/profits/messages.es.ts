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
  "profits.seriesFailed": "No se pudieron cargar los gráficos de beneficios.",
  "profits.split": "Dividir por",
  "profits.split.user": "Usuario",
  "profits.split.pair": "Par",
  "profits.split.exchange": "Exchange",
  "profits.stats.realized": "Realizado",
  "profits.stats.trades": "Operaciones contadas",
  "profits.stats.winRate": "Tasa de acierto",
  "profits.stats.avg": "Media por operación",
  "profits.stats.fees": "Comisiones pagadas",
  "profits.stats.best": "Mejor operación",
  "profits.stats.worst": "Peor operación",
  "profits.chart.dayTitle": "Resultado realizado por día",
  "profits.chart.daily": "Realizado ese día",
  "profits.chart.cumulative": "Total acumulado",
  "profits.chart.dayCaption":
    "Barras: el resultado realizado de cada día del {{from}} al {{to}} ({{days}} días con operaciones contadas). Línea: el total acumulado, que termina en {{total}}. Mejor día {{bestDay}}: {{best}}; peor día {{worstDay}}: {{worst}}.",
  "profits.chart.splitTitle.user": "Resultado realizado por usuario",
  "profits.chart.splitTitle.pair": "Resultado realizado por par",
  "profits.chart.splitTitle.exchange": "Resultado realizado por exchange",
  "profits.chart.splitCaption": "Barras, una por {{split}}, de mayor a menor: {{items}}.",
  "profits.chart.splitItem": "{{label}} {{amount}} en {{trades}} operaciones ({{wins}} ganadas)",
  "profits.chart.none": "Ninguna operación contada en este periodo: no hay nada que dibujar.",
} satisfies Translation<typeof en>;
