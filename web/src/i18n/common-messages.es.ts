// common-messages.ts in Spanish.
import type { Translation } from "./index.ts";
import type { en } from "./common-messages.ts";

export default {
  "common.language": "Idioma",
  "common.save": "Guardar",
  "common.cancel": "Cancelar",
  "common.close": "Cerrar",
  "common.confirm": "Confirmar",
  "common.delete": "Eliminar",
  "common.edit": "Editar",
  "common.search": "Buscar",
  "common.loading": "Cargando…",
  "common.scrollTable": "Tabla, se desplaza en horizontal",
  "common.togglePassword": "Mostrar u ocultar la contraseña",
  "errors.notFoundTitle": "Parece que te has perdido",
  "errors.notFoundBody": "La página que buscas no existe o se ha movido.",
  "errors.serverTitle": "Error interno del servidor",
  "errors.serverBody": "Algo salió mal. Inténtalo de nuevo más tarde.",
  "errors.backHome": "VOLVER AL INICIO",
  "Required": "Obligatorio",
} satisfies Translation<typeof en>;
