import { defineMessages } from "../i18n/index.ts";

export const en = {
  "keys.titleOf": "{{exchange}} Key/Secret of {{username}}",
  "keys.title": "Update {{exchange}} Key/Secret",
  "keys.success": "Update Success!",
  "keys.failed": "Update Failed!",
  "keys.field.binanceKey": "Binance Key",
  "keys.field.binanceSecret": "Binance Secret",
  "keys.field.gateKeyV2": "Gate Key (v2)",
  "keys.field.gateKeyV4": "Gate Key (v4)",
  "keys.field.gateSecretV4": "Gate Secret (v4)",
  "keys.field.houbiKey": "Houbi Key",
  "keys.field.houbiSecret": "Houbi Secret",
};

export const keysMessages = defineMessages(en, {
  zh: () => import("./messages.zh.ts"),
  es: () => import("./messages.es.ts"),
  fr: () => import("./messages.fr.ts"),
  it: () => import("./messages.it.ts"),
});
