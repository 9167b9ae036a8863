// Shared by the transactions, keys and bot tests: stored keys, create payloads, quick calls.
import { eq } from "drizzle-orm";
import { calls, users } from "../../server/db/schema.ts";
import { TRADING_KEY_FIELDS } from "../../server/keys/schema.ts";
import type { TestApp } from "../support/test-app.ts";
import { userChanged } from "../../server/auth/user-changed.ts";
import type { AccountRef, OrderRequest, PlannedFill } from "../../server/exchanges/adapter.ts";
import type { Exchanges } from "../../server/exchanges/exchanges.ts";

/** Stores (sealed) a key and secret for the exchange, as PATCH /users/update-bot-key would. */
export async function giveKeys(t: TestApp, userId: number, exchange: "binance" | "gate") {
  const [keyField, secretField] = TRADING_KEY_FIELDS[exchange];
  await setUser(t, userId, {
    [keyField]: await t.deps.secretBox.seal(`${exchange}-key-${userId}`),
    [secretField]: await t.deps.secretBox.seal(`${exchange}-secret-${userId}`),
  });
}

export async function setUser(
  t: TestApp,
  userId: number,
  values: Partial<typeof users.$inferInsert>,
) {
  await t.deps.db.update(users).set(values).where(eq(users.id, userId));
  userChanged(t.deps, userId);
}

/** Puts a user in a call group, trading `pair`. */
export function setGroup(t: TestApp, userId: number, group: string, pair = "btc_usdt") {
  return setUser(t, userId, { group, pair });
}

/** A create payload at the feed's current price. */
export function buyBody(t: TestApp, overrides: Record<string, unknown> = {}) {
  const exchange = (overrides.exchange as "binance" | "gate" | undefined) ?? "binance";
  const pair = (overrides.pair as string | undefined) ?? "btc_usdt";
  const price = t.market.feed(exchange).price(pair) ?? "1";
  return {
    marketPrice: price,
    pair,
    amount: "100",
    buyPrice: price,
    sellPrice: price,
    useBot: "buy_sell",
    status: "BUY",
    exchange,
    ...overrides,
  };
}

/** A generate-done payload (the server prices the row: these prices and amount are not used). */
export const doneBody = (userId: number, extra: Record<string, unknown> = {}) => ({
  marketPrice: "60000",
  pair: "btc_usdt",
  amount: "100",
  buyPrice: "60000",
  sellPrice: "60600",
  userId,
  quantity: "0.00166666",
  ...extra,
});

export async function json(res: Response) {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`not JSON (${res.status}): ${text}`);
  }
}

/** Calls and expects a status, answering the JSON body. */
export async function expectStatus(
  t: TestApp,
  status: number,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
) {
  const res = await t.call(method, path, opts);
  const body = await json(res);
  if (res.status !== status) {
    throw new Error(
      `${method} ${path}: expected ${status}, got ${res.status}: ${JSON.stringify(body)}`,
    );
  }
  return body;
}

/** A BUY call from `from` to the default group, live for 20 s from now. */
export async function insertCall(t: TestApp, id: string, from: { id: number; username: string }) {
  const now = t.clock.now();
  await t.deps.db.insert(calls).values({
    id,
    fromUserId: from.id,
    fromUsername: from.username,
    group: "default",
    target: "BUY",
    count: 1,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 20_000),
  });
}

/**
 * The exchanges, with every paper plan run through `plan` (given the real one), so a test can
 * fail a close or change the database just before its fill.
 */
export function interceptPaperPlans(
  real: Exchanges,
  plan: (account: AccountRef, order: OrderRequest, next: () => Promise<PlannedFill>) => Promise<
    PlannedFill
  >,
): Exchanges {
  return {
    ...real,
    adapter(exchange, kind) {
      const inner = real.adapter(exchange, kind);
      return {
        ...inner,
        inDatabase: {
          ...inner.inDatabase!,
          plan: (account, order, opts) =>
            plan(account, order, () => inner.inDatabase!.plan(account, order, opts)),
        },
      };
    },
  };
}
