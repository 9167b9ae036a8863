// Starts the realtime part of an instance: the bus (PostgreSQL when the database is), the hub,
// the price push and the session sweep, and the hooks other areas call to reach sockets.
import type { Deps } from "../deps.ts";
import { PERMISSIONS } from "../auth/roles.shared.ts";
import { type Bus, createMemoryBus, createPostgresBus } from "./bus.ts";
import { Hub } from "./hub.ts";
import { handOnPrices, startPricePush, type Timers } from "./price-push.ts";
import { AppError } from "../core/errors.ts";
import { msg } from "../core/messages.shared.ts";
import { logError } from "../core/log-error.ts";

export type RealtimeHooks = Required<
  Pick<
    Deps,
    | "onSessionsRevoked"
    | "onUserChanged"
    | "onTransactionChanged"
    | "onTradeError"
  >
>;

export interface Realtime {
  hub: Hub;
  bus: Bus;
  /** Set on Deps so the other areas reach sockets without knowing the hub. */
  hooks: RealtimeHooks;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  /** Price coalescing timers; tests step them by hand. */
  timers?: Timers;
  /** How often expired sessions are looked for. */
  sweepMs?: number;
}

/** The realtime part of this instance; 503 where it is not started. */
export function running(deps: Pick<Deps, "realtime">): Realtime {
  if (!deps.realtime) throw new AppError("UNAVAILABLE", msg("realtime.unavailable"));
  return deps.realtime;
}

const fire = (p: Promise<unknown>) => void p.catch((err) => logError("realtime", err));

/** What the realtime part reads of Deps (it is started before the rest of Deps is complete). */
export type RealtimeDeps = Pick<
  Deps,
  "config" | "database" | "db" | "clock" | "market" | "sessionCache"
>;

export async function startRealtime(
  deps: RealtimeDeps,
  opts: RealtimeOptions = {},
): Promise<Realtime> {
  const bus = deps.database.sql ? await createPostgresBus(deps.database.sql) : createMemoryBus();
  const hub = new Hub({
    db: deps.db,
    clock: deps.clock,
    bus,
    maxBufferedBytes: deps.config.WS_MAX_BUFFERED_BYTES,
    market: deps.market,
    sweepMs: opts.sweepMs,
  });
  // An instance with feeds of its own hands its price batches on whenever instances share a
  // PostgreSQL bus: api-only instances (ROLES=api) price trades with them.
  const handOn = !!deps.market && !deps.market.relay && bus.kind === "postgres";
  const stopPrices = deps.market
    ? startPricePush(deps.market, {
      clock: deps.clock,
      timers: opts.timers,
      emit: (msg) => hub.pushPrices(msg),
    })
    : () => {};
  const stopHandOn = handOn
    ? handOnPrices(deps.market!, bus, { clock: deps.clock, timers: opts.timers })
    : () => {};

  bus.subscribe((event) => {
    if (event.kind === "prices") deps.market?.relay?.(event.msg);
    // Another instance revoked or changed a user: their sessions cached here go too.
    if (event.kind === "revoked" || event.kind === "user-changed") {
      deps.sessionCache?.forgetUser(event.userId);
    }
  });
  // A relayed market starts empty: the engine sends every price now rather than at its next
  // snapshot, so a cold-started instance trades within a round trip.
  if (deps.market?.relay && bus.kind === "postgres") fire(bus.publish({ kind: "prices-wanted" }));

  const hooks: RealtimeHooks = {
    onSessionsRevoked: (userId) => fire(hub.sessionsRevoked(userId)),
    onUserChanged: (userId) => fire(bus.publish({ kind: "user-changed", userId })),
    onTransactionChanged: (tx) =>
      fire(hub.publish(
        { users: [tx.userId], roles: [...PERMISSIONS["transactions.viewAll"]] },
        {
          type: "transaction-changed",
          transaction: {
            id: tx.id,
            userId: tx.userId,
            status: tx.status,
            pair: tx.pair,
            orderState: tx.orderState,
          },
        },
      )),
    onTradeError: (userId, error) => {
      // Exchange error texts can be long (in the message and as a param); the bus payload must
      // stay small.
      const short = (v: string | number) => typeof v === "string" ? v.slice(0, 1000) : v;
      const params = error.params &&
        Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, short(v)]));
      const body = { ...error, message: error.message.slice(0, 2000), params };
      fire(hub.publish(
        { users: [userId] },
        body.action === "SELL" ? { type: "SELL_ERROR", ...body } : { type: "BUY_ERROR", ...body },
      ));
    },
  };

  return {
    hub,
    bus,
    hooks,
    async close() {
      stopPrices();
      stopHandOn();
      hub.closeAll();
      await bus.close();
    },
  };
}
