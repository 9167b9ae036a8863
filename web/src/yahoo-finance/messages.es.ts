// messages.ts in Spanish.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "yahoo.title": "Gráfico de BTC vía Yahoo Finance",
  "yahoo.range": "Rango de fechas",
  "yahoo.rangePlaceholder": "Elija dos fechas",
  "yahoo.interval": "Intervalo",
  "yahoo.series": "Series",
  "yahoo.open": "Apertura",
  "yahoo.close": "Cierre",
  "yahoo.high": "Máximo",
  "yahoo.low": "Mínimo",
  "yahoo.date": "Fecha",
  "yahoo.volume": "Volumen",
  "yahoo.fetch": "Obtener datos de BTC",
  "yahoo.selectRange": "Seleccione un rango de fechas.",
  "yahoo.failed": "No se pudieron obtener los datos de Yahoo Finance.",
  "yahoo.empty": "No hay datos en este rango.",
  "yahoo.source.yahoo": "Fuente: Yahoo Finance",
  "yahoo.source.recorded": "Fuente: precios de mercado registrados por este servidor",
  "yahoo.utc": "Horas en UTC",
} satisfies Translation<typeof en>;
