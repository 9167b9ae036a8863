// messages.ts in Spanish.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "push.menu": "Avisos de llamadas",
  "push.title": "Avisos de llamadas",
  "push.device.on": "Este dispositivo recibe avisos de llamadas.",
  "push.device.off": "Este dispositivo no recibe avisos de llamadas.",
  "push.device.denied": "Las notificaciones de este sitio están bloqueadas en el navegador.",
  "push.device.unsupported":
    "Este navegador no puede recibir notificaciones. En un iPhone, añade antes la app a la pantalla de inicio.",
  "push.enable": "Activar",
  "push.disable": "Desactivar",
  "push.targets": "Llamadas que avisan",
  "push.kind.BUY": "COMPRA",
  "push.kind.SELL": "VENTA",
  "push.kind.BUY_ONLY": "SOLO COMPRA",
  "push.kind.SELL_ONLY": "SOLO VENTA",
  "push.kind.RING_ONLY": "SOLO TIMBRE",
  "push.kind.PAIR": "Par",
  "push.quietStart": "Silencio desde",
  "push.quietEnd": "Silencio hasta",
  "push.timeZone": "Horas en {{zone}}",
  "push.save": "Guardar",
  "push.saved": "Ajustes de avisos guardados",
  "push.failed": "No se pudieron cambiar los avisos de llamadas.",
} satisfies Translation<typeof en>;
