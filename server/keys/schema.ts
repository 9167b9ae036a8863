// The user exchange-key fields (docs/trading.md#exchange-keys) and which pair of them trades on
// each exchange. Shared with the client's key form.

export const USER_KEY_FIELDS = [
  "gateKeyV2",
  "gateKeyV4",
  "gateSecretV4",
  "binanceKey",
  "binanceSecret",
  "houbiKey",
  "houbiSecret",
] as const;

export type UserKeyField = (typeof USER_KEY_FIELDS)[number];

/** The key and secret an exchange's orders are signed with (Gate trades with its v4 pair). */
export const TRADING_KEY_FIELDS = {
  binance: ["binanceKey", "binanceSecret"],
  gate: ["gateKeyV4", "gateSecretV4"],
  houbi: ["houbiKey", "houbiSecret"],
} as const satisfies Record<string, readonly [UserKeyField, UserKeyField]>;

export type KeyedExchange = keyof typeof TRADING_KEY_FIELDS;

type TradingKeyField = (typeof TRADING_KEY_FIELDS)[KeyedExchange][number];
/** Stored key columns: sealed values on the server, masks ("" when none) on the client. */
type KeyColumns = { [F in TradingKeyField]?: string | null };

export const hasTradingKeys = (user: KeyColumns, exchange: KeyedExchange) =>
  TRADING_KEY_FIELDS[exchange].every((f) => !!user[f]);

/** The exchanges a user's own orders can be signed on. */
export const exchangesWithKeys = (user: KeyColumns) =>
  (["binance", "gate"] as const).filter((e) => hasTradingKeys(user, e));

/**
 * A user who cannot trade as things stand: a bot mode (a User is put in one by every call but
 * RING_ONLY) on an exchange they hold no keys for, and no bot keys selected to trade instead.
 */
export function needsKeys(
  user: KeyColumns & { role: string; useBot: string; exchange: string; selectBots: number[] },
) {
  if (user.role !== "User" && user.useBot === "none") return false;
  if (user.selectBots.length) return false;
  const exchange = user.exchange === "gate" ? "gate" : "binance";
  return !hasTradingKeys(user, exchange);
}
