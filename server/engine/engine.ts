// The engine part (docs/configuration.md#api-and-engine-roles): the market feeds, the bot worker,
// the order resolver, reconciliation and the candle recorder. On PGlite the one process is the engine. On PostgreSQL any number of
// processes may run it and exactly one is active, the holder of the engine lease (lease.ts); the
// others stand by and take over within seconds of its death. Every instance, the active one
// included, prices from the one market the active engine hands on over the bus (deps.market is then
// the relayed market), so two instances never price from two different simulated walks.
import type { Config } from "../config.ts";
import type { Deps } from "../deps.ts";
import { BotWorker, type BotWorkerDeps } from "../bot/worker.ts";
import { OrderResolver } from "../transactions/resolver.ts";
import { Reconciler } from "../reconciliation/schedule.ts";
import { type Candle as RecordedCandle, CandleRecorder } from "../market/candles.ts";
import { MARKET_EXCHANGES } from "../market/feed.shared.ts";
import type { MarketRuntime } from "../market/market.ts";
import { handOnPrices } from "../realtime/price-push.ts";
import { lookUpInterruptedClaims, releaseInterruptedClaims } from "./claims.ts";
import { startLease } from "./lease.ts";
import { logError } from "../core/log-error.ts";

export interface Engine {
  readonly name: string;
  /** Whether this process runs the feeds, the bot worker and the candles now. */
  active(): boolean;
  stop(): Promise<void>;
  /** The pair's recorded minutes not written yet (none while this process is not active). */
  unwrittenCandles(exchange: string, pair: string): RecordedCandle[];
}

/** ENGINE_NAME, else this host's name and process id. */
export const engineName = (config: Pick<Config, "ENGINE_NAME">) =>
  config.ENGINE_NAME ?? `${Deno.hostname()}:${Deno.pid}`.slice(-48);

export function startEngine(
  deps: BotWorkerDeps & Pick<Deps, "config" | "realtime">,
  feeds: MarketRuntime,
  name: string,
): Engine {
  const stops: (() => void | Promise<void>)[] = [];
  let active = false;
  let candles: CandleRecorder | null = null;
  const unwrittenCandles = (exchange: string, pair: string) =>
    active && candles ? candles.unwritten(exchange, pair) : [];

  async function activate() {
    const released = await releaseInterruptedClaims(deps.db);
    if (released) console.log(`engine ${name}: released ${released} interrupted paper claim(s)`);
    // Lookups wait on the exchanges for seconds; the worker leaves those rows alone meanwhile.
    void lookUpInterruptedClaims(deps).then(
      (r) => r.recorded + r.released + r.unknown && console.log(`engine ${name}: live claims`, r),
      (err) => logError(`engine ${name}: looking up live claims failed`, err),
    );
    continueWalks(deps, feeds);
    await feeds.start();
    stops.push(() => feeds.stop());
    const bus = deps.realtime?.bus;
    if (bus?.kind === "postgres") stops.push(handOnPrices(feeds, bus, { clock: deps.clock }));
    const recorder = new CandleRecorder({ db: deps.db, clock: deps.clock, market: feeds });
    recorder.start();
    candles = recorder;
    stops.push(() => recorder.stop());
    // The worker follows the feeds at their own pace, not the bus's one batch a second.
    const worker = new BotWorker({ ...deps, market: feeds });
    worker.start();
    stops.push(() => worker.stop());
    // Opening orders nobody could confirm are looked up again until the exchange tells.
    const resolver = new OrderResolver(deps);
    resolver.start();
    stops.push(() => resolver.stop());
    // Every account's balances against the ledger, every 10 minutes.
    const reconciler = new Reconciler(deps);
    reconciler.start();
    stops.push(() => reconciler.stop());
    active = true;
  }

  async function deactivate() {
    active = false;
    // Last started, first stopped: the worker's closes in flight finish before the feeds stop.
    for (const stop of stops.splice(0).reverse()) {
      await Promise.resolve(stop()).catch((err) => logError(`engine ${name}: stop`, err));
    }
  }

  const url = deps.config.DATABASE_URL;
  if (!url) {
    const started = activate();
    return {
      name,
      active: () => active,
      stop: () => started.then(deactivate),
      unwrittenCandles,
    };
  }
  const lease = startLease({ url, name, onAcquired: activate, onLost: deactivate });
  return {
    name,
    active: () => active && lease.holding(),
    stop: () => lease.stop(),
    unwrittenCandles,
  };
}

/**
 * A standby taking over continues the simulated walks from the prices everyone was trading at,
 * rather than jumping back to the walks' starting prices.
 */
function continueWalks(deps: Pick<Deps, "market">, feeds: MarketRuntime) {
  if (!deps.market?.relay) return;
  for (const exchange of MARKET_EXCHANGES) {
    const sim = feeds.sim(exchange);
    if (!sim) continue;
    for (const [pair, price] of Object.entries(deps.market.feed(exchange).prices())) {
      if (sim.pairs.includes(pair)) sim.setPrice(pair, price);
    }
  }
}
