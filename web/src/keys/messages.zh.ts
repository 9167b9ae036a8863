// messages.ts in Chinese.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "keys.titleOf": "{{username}} 的 {{exchange}} Key/Secret",
  "keys.title": "更新 {{exchange}} Key/Secret",
  "keys.success": "更新成功！",
  "keys.failed": "更新失败！",
  "keys.field.binanceKey": "Binance 密钥",
  "keys.field.binanceSecret": "Binance 密钥密文",
  "keys.field.gateKeyV2": "Gate 密钥（v2）",
  "keys.field.gateKeyV4": "Gate 密钥（v4）",
  "keys.field.gateSecretV4": "Gate 密钥密文（v4）",
  "keys.field.houbiKey": "Houbi 密钥",
  "keys.field.houbiSecret": "Houbi 密钥密文",
} satisfies Translation<typeof en>;
