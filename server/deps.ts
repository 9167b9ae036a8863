// What the app is built from, by server/compose.ts; tests compose it from their own parts (a test
// database, a manual clock, sim feeds).
import type { Config } from "./config.ts";
import type { Clock } from "./core/clock.ts";
import type { SecretBox } from "./core/secret-box.ts";
import type { Database, Db } from "./db/client.ts";
import type { PasswordCost } from "./auth/password.ts";
import type { SessionCache } from "./auth/session-cache.ts";
import type { KeyTransport } from "./keys/transport.ts";
import type { TradeError, TransactionView } from "./transactions/view.ts";
import type { LiveLine } from "./transactions/live-call-lines.ts";
import type { Realtime } from "./realtime/realtime.ts";
import type { Market } from "./market/feed.shared.ts";
import type { Exchanges } from "./exchanges/exchanges.ts";
import type { VapidKeys } from "./push/vapid.ts";
import type { CallInfo } from "./realtime/protocol.ts";
import type { CallGate } from "./calls/gate.ts";
import type { Engine } from "./engine/engine.ts";
import type { LookupOptions } from "./exchanges/in-doubt.ts";

/**
 * The hooks (on...) and the call gate are required ports: every instance has them from the start,
 * so no area needs a fallback for one that is missing.
 */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  secretBox: SecretBox;
  passwordCost?: PasswordCost;
  /** Told after every session of a user was revoked (the realtime hub sends `logout`). */
  onSessionsRevoked: (userId: number) => void;
  /** Recently resolved sessions (SESSION_CACHE_MS); absent: every request looks its session up. */
  sessionCache?: SessionCache;
  /** Told after a user's row changed (null: many users): other instances drop cached sessions. */
  onUserChanged: (userId: number | null) => void;
  /** The /Summaries/hash value and decryption of transport-encrypted key fields. */
  keyTransport: KeyTransport;
  /** Whether a User may trade now (a call activates that side for them): server/calls/gate.ts. */
  callGate: CallGate;
  /**
   * Told when a transaction is created, changed, closed by the bot or deleted. `callLines`: a new
   * row's live call lines, when the statement writing it read them (transactions/record.ts).
   */
  onTransactionChanged: (tx: TransactionView, callLines?: LiveLine[]) => void;
  /** Told when the bot fails to place an order (the hub sends BUY_ERROR / SELL_ERROR). */
  onTradeError: (userId: number, error: TradeError) => void;
  /** Uniform [0, 1) draws for the bot's amount variation; seeded in tests. */
  random?: () => number;
  /** The market feeds, one per exchange; absent on an api-only instance (ROLES=api). */
  market?: Market;
  /** The exchange adapters: paper, or Binance/Gate over signed REST. */
  exchanges: Exchanges;
  /** Set while the process stops (server/lifecycle.ts): health answers not ready. */
  lifecycle?: { stopping: boolean };
  /** One access-log line per request (with its request id); absent: no access log (tests). */
  accessLog?: (line: string) => void;
  /** Signs Web Push messages; absent: calls are not pushed. */
  vapid?: VapidKeys;
  /** Told after a call was recorded and sent to sockets (the push area sends it to devices). */
  onCallSent: (call: CallInfo) => void;
  /** Told after recipients' lines of a call changed (server/call-board/ tells the caller and Admins). */
  onCallLinesChanged: (callId: string, userIds: number[]) => void;
  /** How an order whose answer was lost is looked up (backoff); tests pass no delays. */
  orderLookup?: LookupOptions;
  /** The WebSocket hub and bus of this instance; absent when realtime is not started. */
  realtime?: Realtime;
  /** The engine part of this instance (feeds, bot worker, candles); absent with ROLES=api. */
  engine?: Engine;
}
