// `deno task seed:demo`: a desk that trades at once, for trying the product out. An Admin, a Lead
// and two Users in one group, with trading settings and paper-exchange keys; on an empty database
// the first SuperAdmin as well. Never run against a production database.
//
// PGlite lets one process open a data folder: with the server running on it, this refuses and says
// so (it never opens the folder twice). With DATABASE_URL (PostgreSQL) it runs beside the server.
import { hashPassword } from "../auth/password.ts";
import { parseConfig } from "../config.ts";
import { loadAppKey } from "../core/app-key.ts";
import { randomHex } from "../core/hex.ts";
import { createSecretBox, type SecretBox } from "../core/secret-box.ts";
import type { Deps } from "../deps.ts";
import { findLiveUserByUsername } from "../auth/find-user.ts";
import type { Role } from "../auth/roles.shared.ts";
import { newUniqueId } from "../users/unique-id.ts";
import { openDatabase } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { seedFirstSuperAdmin } from "./seed-admin.ts";

export const DEMO_GROUP = "demo";

const DEMO: { username: string; role: Role }[] = [
  { username: "demo_admin", role: "Admin" },
  { username: "demo_lead", role: "Lead" },
  { username: "demo_user1", role: "User" },
  { username: "demo_user2", role: "User" },
];

/** Enough to buy at once: 100 USDT a click, buy then sell 0.5% higher, on Binance BTC/USDT. */
const SETTINGS = {
  group: DEMO_GROUP,
  pair: "btc_usdt",
  exchange: "binance",
  useBot: "buy_sell",
  tradingAmount: "100",
  coinTradingAmount: "0.001",
  spread: "0.5",
  numberOfTran: 1,
} as const;

export interface SeededUser {
  role: Role;
  username: string;
  /** Null when the user existed already and was left as it is. */
  password: string | null;
}

/** Paper accounts accept any key; these make bot modes pass the "keys stored" check. */
async function paperKeys(box: SecretBox, username: string) {
  const seal = (what: string) => box.seal(`paper-${what}-${username}`);
  return {
    binanceKey: await seal("binance-key"),
    binanceSecret: await seal("binance-secret"),
    gateKeyV4: await seal("gate-key"),
    gateSecretV4: await seal("gate-secret"),
  };
}

export async function seedDemo(
  deps: Pick<Deps, "db" | "config" | "secretBox" | "passwordCost">,
): Promise<SeededUser[]> {
  const out: SeededUser[] = [];
  const first = await seedFirstSuperAdmin(deps);
  if (first) {
    out.push({
      role: "SuperAdmin",
      username: first.username,
      password: first.password ?? "(ADMIN_PASSWORD)",
    });
  }
  for (const { username, role } of DEMO) {
    if (await findLiveUserByUsername(deps.db, username)) {
      out.push({ role, username, password: null });
      continue;
    }
    const password = randomHex(6);
    await deps.db.insert(users).values({
      username,
      email: `${username}@example.com`,
      passwordHash: await hashPassword(password, deps.passwordCost),
      role,
      uniqueId: newUniqueId(),
      ...SETTINGS,
      ...await paperKeys(deps.secretBox, username),
    });
    out.push({ role, username, password });
  }
  return out;
}

/** True when something answers the server's health route on this machine's configured port. */
export async function serverAnswers(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, {
      signal: AbortSignal.timeout(1000),
    });
    await res.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

if (import.meta.main) {
  const config = parseConfig(Deno.env.toObject());
  if (!config.DATABASE_URL && await serverAnswers(config.PORT)) {
    console.error(
      `The server is running on port ${config.PORT} with PGlite in ${config.DATA_DIR}, which only ` +
        "one process may open. Stop it (Ctrl-C), run `deno task seed:demo`, then " +
        "`deno task start` again.",
    );
    Deno.exit(1);
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const secretBox = await createSecretBox(
      await loadAppKey(config.APP_SECRET_KEY, config.DATA_DIR),
    );
    const seeded = await seedDemo({ db: database.db, config, secretBox });
    for (const { role, username, password } of seeded) {
      console.log(
        `${role.padEnd(10)} ${username.padEnd(12)} ${
          password ? `password: ${password}` : "exists: left as it is"
        }`,
      );
    }
    console.log(
      `Sign in at http://localhost:${config.PORT}/login (first sign-in: enrol the code). ` +
        `Group "${DEMO_GROUP}": demo_lead's calls reach the two Users.`,
    );
  } finally {
    await database.close();
  }
}
