// When BUY and SELL are enabled (docs/roles.md#trading-buttons-by-role). Pure: tested under Deno.
import type { BOT_MODES } from "../../../server/db/enums.shared.ts";
import { can, type Role } from "../../../server/auth/roles.shared.ts";

type BotMode = (typeof BOT_MODES)[number];

const BUY_MODES: readonly BotMode[] = ["buy_sell", "only_buy"];
const SELL_MODES: readonly BotMode[] = ["sell_buy", "only_sell"];

export interface ButtonInput {
  role: Role;
  useBot: BotMode;
  /** Set by a call (store.ts). */
  activeBuy: boolean;
  activeSell: boolean;
  /** A create request is in flight. */
  creating: boolean;
}

/**
 * Lead and above trade at any time; a User buys only while BUY is active and the bot mode buys,
 * and sells only while SELL is active and the mode sells. Nobody clicks during a create.
 */
export function tradeButtons(input: ButtonInput): { buy: boolean; sell: boolean } {
  if (input.creating) return { buy: false, sell: false };
  if (can(input.role, "trade.always")) return { buy: true, sell: true };
  return {
    buy: input.activeBuy && BUY_MODES.includes(input.useBot),
    sell: input.activeSell && SELL_MODES.includes(input.useBot),
  };
}
