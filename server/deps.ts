// What the app is built from. Tests pass their own (in-memory db, manual clock, fake feeds).
import type { Config } from "./config.ts";
import type { Clock } from "./core/clock.ts";
import type { SecretBox } from "./core/secret-box.ts";
import type { Database, Db } from "./db/client.ts";
import type { PasswordCost } from "./auth/password.ts";

export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  secretBox: SecretBox;
  passwordCost?: PasswordCost;
  /** Told after every session of a user was revoked (the realtime hub sends `logout`). */
  onSessionsRevoked?: (userId: number) => void;
}
