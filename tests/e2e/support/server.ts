// The real app on a free loopback port, serving the built client, for browser tests.
import { eq } from "drizzle-orm";
import type { Config } from "../../../server/config.ts";
import { transactions, users } from "../../../server/db/schema.ts";
import { until } from "../../support/until.ts";
import { LiveClock } from "../../support/live-clock.ts";
import { makeTestApp, type TestApp } from "../../support/test-app.ts";

const WEB_DIST = new URL("../../../web/dist", import.meta.url).pathname;

export interface E2EServer extends TestApp {
  baseUrl: string;
}

export async function startE2EServer(overrides: Partial<Config> = {}): Promise<E2EServer> {
  try {
    await Deno.stat(`${WEB_DIST}/index.html`);
  } catch {
    throw new Error("web/dist is missing: run `deno task build:web` (deno task test does it).");
  }
  const t = await makeTestApp({ WEB_DIST, ...overrides }, { clock: new LiveClock() });
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    t.app.fetch,
  );
  const baseUrl = `http://127.0.0.1:${server.addr.port}`;
  return {
    ...t,
    baseUrl,
    async close() {
      await t.close();
      // A connection the browser left half-closed can hold a graceful shutdown for good; the
      // test is over either way, so it gets a few seconds and no more.
      server.unref();
      await Promise.race([server.shutdown(), new Promise((r) => setTimeout(r, 3000))]);
    },
  };
}

/** Waits until the user's row holds what the page saved (the page saves in the background). */
export function untilUserRow(
  server: E2EServer,
  userId: number,
  check: (row: typeof users.$inferSelect) => boolean,
  what: string,
) {
  return until(
    async () => {
      const [row] = await server.deps.db.select().from(users).where(eq(users.id, userId));
      return check(row);
    },
    10_000,
    what,
    50,
  );
}

/** Paper BTC/USDT trades of `userId` on Binance, one a status, as the lists show them. */
export async function insertTrades(
  server: E2EServer,
  userId: number,
  statuses: ("BUY" | "SELL" | "DONE")[],
) {
  await server.deps.db.insert(transactions).values(statuses.map((status) => ({
    userId,
    status,
    pair: "btc_usdt",
    exchange: "binance" as const,
    adapter: "paper",
    marketPrice: "100",
    buyPrice: "100",
    sellPrice: "101",
    amount: "10",
    quantity: "0.1",
  })));
}
