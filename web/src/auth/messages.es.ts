// messages.ts in Spanish.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "login.sessionEnded": "Tu sesión ha terminado. Inicia sesión de nuevo.",
  "login.username": "Usuario",
  "login.password": "Contraseña",
  "login.code": "Código del autenticador",
  "login.codeHint": "Déjalo vacío en tu primer inicio de sesión",
  "login.submit": "Iniciar sesión",
  "login.failed": "No se pudo iniciar sesión.",
  "login.enrolIntro":
    "Configura la verificación en dos pasos: escanea este código QR con tu app de autenticación e introduce el código que muestra.",
  "login.enrolManual": "O escribe este secreto en la app:",
  "login.openApp": "Abrir en la app de autenticación",
  "login.qrAlt": "Código QR para la app de autenticación",
  "login.confirm": "Confirmar",
  "password.old": "Contraseña actual",
  "password.new": "Nueva contraseña",
  "password.confirm": "Confirmar nueva contraseña",
  "password.success": "Contraseña cambiada con éxito",
  "password.failed": "No se pudo cambiar la contraseña.",
} satisfies Translation<typeof en>;
