// messages.ts in Italian.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "keys.titleOf": "Key/Secret di {{exchange}} di {{username}}",
  "keys.title": "Aggiorna Key/Secret di {{exchange}}",
  "keys.success": "Aggiornamento riuscito!",
  "keys.failed": "Aggiornamento non riuscito!",
  "keys.field.binanceKey": "Key Binance",
  "keys.field.binanceSecret": "Secret Binance",
  "keys.field.gateKeyV2": "Key Gate (v2)",
  "keys.field.gateKeyV4": "Key Gate (v4)",
  "keys.field.gateSecretV4": "Secret Gate (v4)",
  "keys.field.houbiKey": "Key Houbi",
  "keys.field.houbiSecret": "Secret Houbi",
} satisfies Translation<typeof en>;
