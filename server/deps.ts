// What the app is built from. Tests pass their own (in-memory db, manual clock, fake feeds).
import type { Config } from "./config.ts";
import type { Clock } from "./core/clock.ts";
import type { SecretBox } from "./core/secret-box.ts";
import type { Database, Db } from "./db/client.ts";
import type { PasswordCost } from "./auth/password.ts";
import type { Realtime } from "./realtime/realtime.ts";
import type { Market } from "./market/feed.ts";
import type { Exchanges } from "./exchanges/exchanges.ts";

export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  secretBox: SecretBox;
  passwordCost?: PasswordCost;
  /** Told after every session of a user was revoked (the realtime hub sends `logout`). */
  onSessionsRevoked?: (userId: number) => void;
  /** The market feeds, one per exchange; absent on an api-only instance (ROLES=api). */
  market?: Market;
  /** The exchange adapters: paper, or Binance/Gate over signed REST. */
  exchanges: Exchanges;
  /** The WebSocket hub and bus of this instance; absent when realtime is not started. */
  realtime?: Realtime;
}
