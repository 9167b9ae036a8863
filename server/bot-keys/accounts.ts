// A bot key as an exchange account. Its paper account is "bot:<id>"; a live one signs with the
// key's own credentials. Which adapter trades is the row's `adapter` column, fixed at creation:
// "paper" by default, the exchange's live API when EXCHANGE_ADAPTER=live at the time.
import { and, eq, isNull } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { botKeys } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import type { AccountRef } from "../exchanges/adapter.ts";
import type { BotKeyRow } from "./view.ts";

export const botAccountId = (botKeyId: number) => `bot:${botKeyId}`;

/** The `adapter` a new key gets. */
export const newKeyAdapter = (config: Pick<Config, "EXCHANGE_ADAPTER">, exchange: string) =>
  config.EXCHANGE_ADAPTER === "live" ? exchange : "paper";

export async function botAccount(
  deps: Pick<Deps, "secretBox">,
  row: BotKeyRow,
): Promise<AccountRef> {
  return {
    id: botAccountId(row.id),
    credentials: {
      key: await deps.secretBox.open(row.key),
      secret: await deps.secretBox.open(row.secret),
    },
  };
}

/**
 * The account of a key a transaction names, deleted or not: open transactions of a deleted key
 * are still closed on its account.
 */
export async function botAccountById(deps: Pick<Deps, "db" | "secretBox">, botKeyId: number) {
  const [row] = await deps.db.select().from(botKeys).where(eq(botKeys.id, botKeyId));
  if (!row) throw new Error(`Bot key ${botKeyId} not found`);
  return await botAccount(deps, row);
}

export async function findLiveBotKey(db: Db, id: number): Promise<BotKeyRow | null> {
  const [row] = await db.select().from(botKeys)
    .where(and(eq(botKeys.id, id), isNull(botKeys.deletedAt)));
  return row ?? null;
}
