// messages.ts in Spanish.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "keys.titleOf": "Key/Secret de {{exchange}} de {{username}}",
  "keys.title": "Actualizar Key/Secret de {{exchange}}",
  "keys.success": "¡Actualizado con éxito!",
  "keys.failed": "¡No se pudo actualizar!",
  "keys.field.binanceKey": "Key de Binance",
  "keys.field.binanceSecret": "Secret de Binance",
  "keys.field.gateKeyV2": "Key de Gate (v2)",
  "keys.field.gateKeyV4": "Key de Gate (v4)",
  "keys.field.gateSecretV4": "Secret de Gate (v4)",
  "keys.field.houbiKey": "Key de Houbi",
  "keys.field.houbiSecret": "Secret de Houbi",
} satisfies Translation<typeof en>;
