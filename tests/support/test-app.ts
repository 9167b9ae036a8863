// Builds the real app in-process on a test database, with a manual clock and cheap password hashing.
import { createApp } from "../../server/app.ts";
import { afterAnswerSettled } from "../../server/core/after-answer.ts";
import { totpCode } from "../../server/auth/totp.ts";
import { type Config, testConfig } from "../../server/config.ts";
import { ManualClock } from "../../server/core/clock.ts";
import { randomHex } from "../../server/core/hex.ts";
import { hashPassword } from "../../server/auth/password.ts";
import { users } from "../../server/db/schema.ts";
import type { Role } from "../../server/auth/roles.shared.ts";
import { testUniqueId } from "./unique-ids.ts";
import type { Deps } from "../../server/deps.ts";
import { composeDeps, type DepsParts } from "../../server/compose.ts";
import type { VapidKeys } from "../../server/push/vapid.ts";
import { createMarket, type MarketRuntime } from "../../server/market/market.ts";
import { openTestDatabase } from "./database.ts";
import { checkAnswers } from "./answers.ts";

export const NO_LOOKUP_WAIT = { delaysMs: [0, 0, 0], sleep: () => Promise.resolve() };

/** Cheap hashing: argon2id's real cost would make every test seconds slower. */
export const TEST_PASSWORD_COST = { memorySize: 64, iterations: 1 };

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: Deps;
  /** What deps was composed from: another instance of the same server is composed from it too. */
  parts: DepsParts;
  clock: ManualClock;
  /** Sim feeds that only move when a test says: `t.market.sim("binance")!.setPrice(pair, "70000")`. */
  market: MarketRuntime;
  close(): Promise<void>;
  /** Sends a JSON request, optionally with a bearer token. */
  call(method: string, path: string, opts?: { token?: string; body?: unknown }): Promise<Response>;
  /** Creates a user with TOTP enrolled and returns it with a signed-in token. */
  user(role: Role, name?: string): Promise<TestUser>;
}

export interface TestUser {
  id: number;
  username: string;
  password: string;
  totpSecret: string;
  token: string;
}

/**
 * `TestApp["call"]` for any app built by createApp (another instance's too): a JSON request,
 * optionally with a bearer token.
 */
export function caller(app: ReturnType<typeof createApp>): TestApp["call"] {
  return (method, path, opts = {}) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    return Promise.resolve(app.request(path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    }));
  };
}

/** A user with TOTP enrolled, written straight to the database (password "password1"). */
export async function insertUser(
  deps: Pick<Deps, "db" | "secretBox">,
  role: Role,
  username: string,
) {
  const password = "password1";
  const totpSecret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
  const [row] = await deps.db.insert(users).values({
    username,
    email: `${username}@example.com`,
    passwordHash: await hashPassword(password, TEST_PASSWORD_COST),
    role,
    uniqueId: testUniqueId(),
    totpEnabled: true,
    totpSecret: await deps.secretBox.seal(totpSecret),
  }).returning();
  return { row, password, totpSecret };
}

export async function makeTestApp(
  overrides: Partial<Config> = {},
  /** vapid: Web Push signing keys; absent, calls are not pushed (as in production without them). */
  opts: { clock?: ManualClock; vapid?: VapidKeys } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const clock = opts.clock ?? new ManualClock();
  const config = testConfig(overrides);
  const market = createMarket(config, { clock });
  const parts: DepsParts = {
    config,
    database,
    clock,
    appKey: randomHex(32),
    passwordCost: TEST_PASSWORD_COST,
    market,
    // An order whose answer was lost is looked up at once: no backoff waits in tests.
    orderLookup: NO_LOOKUP_WAIT,
    vapid: opts.vapid,
  };
  const deps = await composeDeps(parts);
  const realtime = deps.realtime!;
  const app = createApp(deps);
  // Every answer a test gets is held to the OpenAPI document (app.request goes through fetch).
  checkAnswers(app);
  let seq = 0;

  const call = caller(app);

  const user: TestApp["user"] = async (role, name) => {
    const username = name ?? `${role.toLowerCase()}_${++seq}`;
    const { row, password, totpSecret } = await insertUser(deps, role, username);
    // Each sign-in needs a fresh time step: move the clock past the previous one.
    clock.advance(30_000);
    const res = await call("POST", "/api/users/login", {
      body: { username, password, code: await totpCode(totpSecret, clock.now()) },
    });
    if (res.status !== 200) throw new Error(`sign-in failed: ${await res.text()}`);
    const { token } = await res.json();
    return { id: row.id, username, password, totpSecret, token };
  };

  return {
    app,
    deps,
    parts,
    clock,
    market,
    call,
    user,
    close: async () => {
      await market.stop();
      await realtime.close();
      await afterAnswerSettled();
      await database.close();
    },
  };
}
