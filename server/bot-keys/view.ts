// What the API tells about a bot key: never its key or secret, which answer as masks.
import type { botKeys } from "../db/schema.ts";
import { SECRET_MASK } from "../auth/public-user.shared.ts";

export type BotKeyRow = typeof botKeys.$inferSelect;

/** The SuperAdmin pages' entry. */
export function toBotKeyView(row: BotKeyRow) {
  return {
    id: row.id,
    exchange: row.exchange,
    username: row.username,
    /** "paper", or the exchange whose live API the key trades on. */
    adapter: row.adapter,
    key: SECRET_MASK,
    secret: SECRET_MASK,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type BotKeyView = ReturnType<typeof toBotKeyView>;

/** What a Lead selecting bots sees. */
export const toBotKeyOption = (row: BotKeyRow) => ({
  id: row.id,
  exchange: row.exchange,
  username: row.username,
});

export type BotKeyOption = ReturnType<typeof toBotKeyOption>;

export type { BotBalance } from "./balances.ts";
