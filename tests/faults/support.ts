// Fault tests run the real server as a process and break things under it. The database is
// prepared before the server starts: a Lead with paper keys and a signed-in session (no TOTP round
// trip), so the load can trade at once.
import { openDatabase } from "../../server/db/client.ts";
import { sessions, users } from "../../server/db/schema.ts";
import { randomHex, sha256Hex } from "../../server/core/hex.ts";
import { createSecretBox } from "../../server/core/secret-box.ts";
import { testUniqueId } from "../support/unique-ids.ts";

export const APP_SECRET_KEY = "ab".repeat(32);

export interface Trader {
  userId: number;
  token: string;
}

/** Migrates the database and adds a Lead with Binance keys and a session. */
export async function prepare(where: { url?: string; dataDir?: string }): Promise<Trader> {
  const database = await openDatabase({ ...where, max: 1 });
  try {
    const box = await createSecretBox(APP_SECRET_KEY);
    const [user] = await database.db.insert(users).values({
      username: `lead_${randomHex(4)}`,
      email: `lead_${randomHex(4)}@example.com`,
      passwordHash: "unused",
      role: "Lead",
      uniqueId: testUniqueId(),
      totpEnabled: true,
      binanceKey: await box.seal("key"),
      binanceSecret: await box.seal("secret"),
      coinTradingAmount: "0.001",
    }).returning();
    const token = randomHex(32);
    await database.db.insert(sessions).values({
      id: await sha256Hex(token),
      userId: user.id,
      scope: "full",
      expiresAt: new Date(Date.now() + 3600_000),
    });
    return { userId: user.id, token };
  } finally {
    await database.close();
  }
}

/** A trade at the server's current price; `status` BUY or SELL. */
export async function trade(
  base: string,
  trader: Trader,
  opts: { side?: "BUY" | "SELL"; useBot?: string; key?: string; signal?: AbortSignal } = {},
) {
  const prices = await fetch(`${base}/api/Summaries/prices?exchange=binance`, {
    headers: { authorization: `Bearer ${trader.token}` },
    signal: opts.signal,
  });
  if (!prices.ok) return prices;
  const price = (await prices.json()).btc_usdt;
  const side = opts.side ?? "BUY";
  return await fetch(`${base}/api/transaction`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${trader.token}`,
      ...opts.key ? { "idempotency-key": opts.key } : {},
    },
    body: JSON.stringify({
      marketPrice: price,
      pair: "btc_usdt",
      amount: "60",
      buyPrice: price,
      sellPrice: price,
      useBot: opts.useBot ?? (side === "BUY" ? "only_buy" : "sell_buy"),
      status: side,
      exchange: "binance",
    }),
    signal: opts.signal,
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
