// Shared by the bot-key API tests: adding keys as the page does, selecting them, reading rows.
import { eq } from "drizzle-orm";
import { botKeys, users } from "../../server/db/schema.ts";
import { encryptForTransport } from "../../server/keys/transport-crypto.shared.ts";
import type { TestApp } from "../support/test-app.ts";
import { expectStatus } from "./transactions-fixtures.ts";

export async function transportHash(t: TestApp, token: string): Promise<string> {
  return (await expectStatus(t, 200, "GET", "/api/Summaries/hash", { token })).hash;
}

export interface NewBotKey {
  exchange: "gate" | "binance" | "houbi";
  username: string;
  key?: string;
  secret?: string;
}

/** POST /bot-key with the key and secret encrypted for transport, as the page sends them. */
export async function addBotKey(t: TestApp, token: string, k: NewBotKey) {
  const hash = await transportHash(t, token);
  return await expectStatus(t, 201, "POST", "/api/bot-key", {
    token,
    body: {
      exchange: k.exchange,
      username: k.username,
      key: await encryptForTransport(hash, k.key ?? `${k.username}-key`),
      secret: await encryptForTransport(hash, k.secret ?? `${k.username}-secret`),
      hash,
    },
  });
}

export async function selectBots(t: TestApp, user: { id: number; token: string }, ids: number[]) {
  return await expectStatus(t, 200, "PATCH", `/api/users/${user.id}`, {
    token: user.token,
    body: { selectBots: ids },
  });
}

export async function botKeyRow(t: TestApp, id: number) {
  const [row] = await t.deps.db.select().from(botKeys).where(eq(botKeys.id, id));
  return row;
}

export async function selectedBots(t: TestApp, userId: number) {
  const [row] = await t.deps.db.select({ ids: users.selectBots }).from(users)
    .where(eq(users.id, userId));
  return row.ids;
}
