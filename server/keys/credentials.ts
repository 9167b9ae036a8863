// A user's stored exchange credentials, opened for signing orders. Never leaves the server.
import type { SessionUser } from "../auth/sessions.ts";
import type { Deps } from "../deps.ts";
import type { Credentials } from "../exchanges/adapter.ts";
import { type KeyedExchange, TRADING_KEY_FIELDS } from "./schema.ts";

type KeyColumns = Pick<SessionUser, (typeof TRADING_KEY_FIELDS)[KeyedExchange][number]>;

/**
 * Opened secrets by sealed text, so every order of a trader does not pay two AES-GCM decryptions.
 * A sealed text is unique (random IV), so a changed key is a new entry; the oldest are dropped.
 * The process holds the key that opens them anyway.
 */
const opened = new Map<string, string>();
const OPENED_MAX = 2_000;

async function open(deps: Pick<Deps, "secretBox">, sealed: string) {
  let plain = opened.get(sealed);
  if (plain === undefined) {
    plain = await deps.secretBox.open(sealed);
    if (opened.size >= OPENED_MAX) opened.delete(opened.keys().next().value!);
    opened.set(sealed, plain);
  }
  return plain;
}

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
  return { key: await open(deps, key), secret: await open(deps, secret) };
}
