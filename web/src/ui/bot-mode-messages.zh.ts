// bot-mode-messages.ts in Chinese.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./bot-mode-messages.ts";

export default {
  "botMode.none": "无（仅记录）",
  "botMode.buy_sell": "先买后卖",
  "botMode.sell_buy": "先卖后买回",
  "botMode.only_buy_sell": "买和卖",
  "botMode.only_buy": "只买",
  "botMode.only_sell": "只卖",
} satisfies Translation<typeof en>;
