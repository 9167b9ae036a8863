// Several server processes on one scratch PostgreSQL database, as a deployment runs them: the
// database migrated once up front (the deploy step), one APP_SECRET_KEY shared by all, traders
// written straight to the database and signed in over HTTP.
import { totpCode } from "../../server/auth/totp.ts";
import { randomHex } from "../../server/core/hex.ts";
import { createSecretBox } from "../../server/core/secret-box.ts";
import { openDatabase } from "../../server/db/client.ts";
import { users } from "../../server/db/schema.ts";
import { TRADING_KEY_FIELDS } from "../../server/keys/schema.ts";
import type { Role } from "../../server/auth/roles.shared.ts";
import { eq } from "drizzle-orm";
import webpush from "web-push";
import { TEST_DATABASE_URL } from "./database.ts";
import { scratchDatabase } from "./scratch-database.ts";
import { insertUser } from "./test-app.ts";

export interface Trader {
  id: number;
  username: string;
  password: string;
  totpSecret: string;
}

export async function clusterDatabase(label: string, opts: { migrate?: boolean } = {}) {
  const scratch = await scratchDatabase(TEST_DATABASE_URL!, `gb_${label}_${randomHex(4)}`);
  const database = await openDatabase({ url: scratch.url, max: 2, migrate: opts.migrate });
  const appKey = randomHex(32);
  const secretBox = await createSecretBox(appKey);
  const vapid = webpush.generateVAPIDKeys();
  return {
    url: scratch.url,
    database,
    /** What every process of the deployment shares: nothing is generated into a DATA_DIR. */
    env: (extra: Record<string, string> = {}) => ({
      DATABASE_URL: scratch.url,
      APP_SECRET_KEY: appKey,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      ...extra,
    }),
    /** A user with TOTP enrolled and, for `keys`, stored keys for that exchange. */
    async trader(role: Role, username: string, keys?: "binance" | "gate"): Promise<Trader> {
      const { row, password, totpSecret } = await insertUser(
        { db: database.db, secretBox },
        role,
        username,
      );
      if (keys) {
        const [keyField, secretField] = TRADING_KEY_FIELDS[keys];
        await database.db.update(users).set({
          [keyField]: await secretBox.seal(`${keys}-key-${row.id}`),
          [secretField]: await secretBox.seal(`${keys}-secret-${row.id}`),
        }).where(eq(users.id, row.id));
      }
      return { id: row.id, username, password, totpSecret };
    },
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** Signs in over HTTP (once per trader: a TOTP code is accepted once); answers the token. */
export async function signIn(
  base: string,
  trader: Pick<Trader, "username" | "password" | "totpSecret">,
): Promise<string> {
  const res = await fetch(`${base}/api/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      username: trader.username,
      password: trader.password,
      code: await totpCode(trader.totpSecret, new Date()),
    }),
  });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.token;
}

/** A JSON request to a served instance. */
export async function request(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch { /* not JSON: the text */ }
  // deno-lint-ignore no-explicit-any
  return { status: res.status, body: body as any };
}

/** What /api/health says about the engines. */
export async function engineOf(base: string): Promise<{ self: string; active: string | null }> {
  return (await request(base, "GET", "/api/health")).body.engine;
}
