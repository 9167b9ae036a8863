// board-messages.ts in Spanish.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./board-messages.ts";

export default {
  "board.title": "Panel de la llamada",
  "board.loadFailed": "No se pudo cargar el panel de la llamada.",
  "board.heading": "{{lead}} llamó {{target}} a las {{time}}",
  "board.ended": "Llamada terminada",
  "board.recipients": "Destinatarios",
  "board.followed": "Siguieron",
  "board.followedValue": "{{count}} de {{total}} ({{share}})",
  "board.filled": "Importe ejecutado",
  "board.result": "Resultado hasta ahora",
  "board.resultSplit":
    "Realizado {{realized}}, no realizado al precio actual {{unrealized}}. Las llamadas perdidas habrían dado {{missed}} (nunca es beneficio).",
  "board.user": "Usuario",
  "board.state": "Estado",
  "board.delivery": "Recibida por",
  "board.seen": "Aviso visto",
  "board.side": "Lado",
  "board.fill": "Precio ejecutado",
  "board.amount": "Importe",
  "board.reaction": "Reacción",
  "board.details": "Resultado o motivo",
  "board.missedWouldBe": "Habría dado {{amount}}",
  "board.noRecipients": "Nadie ha recibido esta llamada todavía.",
  "board.state.notified": "Avisado",
  "board.state.seen": "Visto",
  "board.state.traded": "Operó",
  "board.state.refused": "Rechazado",
  "board.state.missed": "Perdida",
  "board.delivery.page": "Página abierta",
  "board.delivery.push": "Notificación al móvil",
  "board.delivery.offline": "Desconectado",
  "board.target.ALL": "COMPRAR y VENDER",
  "board.openPage": "Abrir la página de la llamada",
  "board.close": "Cerrar el panel de la llamada",
} satisfies Translation<typeof en>;
