// The composition root: the one place Deps is put together, for server/main.ts and every test
// helper alike. The ports other areas call (the trade gate, the realtime hooks) are given here,
// when Deps is made, so an app built the way production builds it cannot lack one.
import { sessionCacheFor } from "./auth/session-cache.ts";
import { createCallGate } from "./calls/gate.ts";
import { createSecretBox } from "./core/secret-box.ts";
import type { Deps } from "./deps.ts";
import { engineName, startEngine } from "./engine/engine.ts";
import { createExchanges, type ExchangesDeps } from "./exchanges/exchanges.ts";
import { createKeyTransport } from "./keys/transport.ts";
import type { MarketRuntime } from "./market/market.ts";
import { pushCall } from "./push/send.ts";
import { markPushed, onCallTransaction, publishLines } from "./call-board/lines.ts";
import { logError } from "./core/log-error.ts";
import { outsideRequest } from "./core/request-scope.ts";
import { type RealtimeOptions, startRealtime } from "./realtime/realtime.ts";

/** What an instance is made of; the rest of Deps is built from it here. */
export type DepsParts =
  & Pick<Deps, "config" | "database" | "clock" | "market">
  & Partial<
    Pick<
      Deps,
      "passwordCost" | "random" | "lifecycle" | "accessLog" | "vapid" | "orderLookup"
    >
  >
  & {
    /** The server key (hex): seals secrets at rest and seeds the key-transport value. */
    appKey: string;
    /** This instance's own market feeds: given, the engine part (bot worker, candles) runs here. */
    feeds?: MarketRuntime;
    /** The exchanges' live markets, shared with the live feeds (one copy per process). */
    liveMarkets?: ExchangesDeps["liveMarkets"];
    realtime?: RealtimeOptions;
  };

/** Builds every part of Deps, starts the exchanges, realtime and (with feeds) the engine. */
export async function composeDeps(parts: DepsParts): Promise<Deps> {
  const { appKey, feeds, liveMarkets, realtime: realtimeOptions, ...given } = parts;
  const { config, database, clock, market } = given;
  const base = {
    ...given,
    db: database.db,
    secretBox: await createSecretBox(appKey),
    keyTransport: await createKeyTransport({
      seed: appKey,
      clock,
      rotateHours: config.KEY_TRANSPORT_ROTATE_HOURS,
    }),
    exchanges: createExchanges({ config, database, clock, market, liveMarkets }),
    sessionCache: sessionCacheFor(config),
  };
  // Live trading: the exchanges' market rules are read before the first order (the stored copy
  // stands in if an exchange cannot be reached).
  await base.exchanges.start();
  const realtime = await startRealtime(base, realtimeOptions);
  const deps: Deps = {
    ...base,
    callGate: createCallGate({ db: base.db, clock }),
    realtime,
    ...realtime.hooks,
    onTransactionChanged: (tx, callLines) => {
      realtime.hooks.onTransactionChanged(tx);
      // A recipient's order, fill, close or missed-call row moves their line on a call's board.
      // A new order's statement read its lines: usually none, and then nothing is to be done.
      if (callLines?.length === 0 && tx.kind === "trade") return;
      void outsideRequest(() => onCallTransaction(deps, tx, callLines))
        .catch((err) => logError(`call board of row ${tx.id}`, err));
    },
    // Users with a visible page hear the call on their socket; the others' devices are pushed.
    onCallSent: (call) =>
      void pushCall(base, call, (userId) => realtime.hub.isVisible(userId))
        .then((pushed) => outsideRequest(() => markPushed(deps, call.id, pushed.pushedUserIds)))
        .catch((err) => logError(`push of call ${call.id}`, err)),
    onCallLinesChanged: (callId, userIds) => publishLines(deps, callId, userIds),
  };
  return feeds ? { ...deps, engine: startEngine(deps, feeds, engineName(config)) } : deps;
}
