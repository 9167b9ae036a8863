// messages.ts in French.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "keys.titleOf": "Key/Secret {{exchange}} de {{username}}",
  "keys.title": "Mettre à jour la Key/Secret {{exchange}}",
  "keys.success": "Mise à jour réussie !",
  "keys.failed": "Échec de la mise à jour !",
  "keys.field.binanceKey": "Key Binance",
  "keys.field.binanceSecret": "Secret Binance",
  "keys.field.gateKeyV2": "Key Gate (v2)",
  "keys.field.gateKeyV4": "Key Gate (v4)",
  "keys.field.gateSecretV4": "Secret Gate (v4)",
  "keys.field.houbiKey": "Key Houbi",
  "keys.field.houbiSecret": "Secret Houbi",
} satisfies Translation<typeof en>;
