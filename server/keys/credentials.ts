// A user's stored exchange credentials, opened for signing orders. Never leaves the server.
import type { SessionUser } from "../auth/sessions.ts";
import type { Deps } from "../deps.ts";
import type { Credentials } from "../exchanges/adapter.ts";
import { type KeyedExchange, TRADING_KEY_FIELDS } from "./schema.ts";

type KeyColumns = Pick<SessionUser, (typeof TRADING_KEY_FIELDS)[KeyedExchange][number]>;

export const hasTradingKeys = (user: KeyColumns, exchange: KeyedExchange) =>
  TRADING_KEY_FIELDS[exchange].every((f) => !!user[f]);

/** The opened key and secret, or null when either is not stored. */
export async function tradingCredentials(
  deps: Pick<Deps, "secretBox">,
  user: KeyColumns,
  exchange: KeyedExchange,
): Promise<Credentials | null> {
  const [keyField, secretField] = TRADING_KEY_FIELDS[exchange];
  const key = user[keyField];
  const secret = user[secretField];
  if (!key || !secret) return null;
  return { key: await deps.secretBox.open(key), secret: await deps.secretBox.open(secret) };
}
