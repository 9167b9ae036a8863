// docs/trading.md#price-refresh: refreshed every second, only on /dashboard and /profit, and only
// for pairs with a live price. One request at a time; a late answer for another exchange is
// dropped.
import { useEffect } from "react";
import { fetchPrices, fetchStalePrices } from "../market/api.ts";
import { setPrice, setStale } from "../market/store.ts";

export const PRICE_TICK_MS = 1000;
export const LIVE_PRICE_PAGES = ["/dashboard", "/profit"];

/**
 * docs/trading.md#stale-prices: which prices are stale is asked every 5 s wherever the topbar shows
 * a live price. Pushes carry only prices that moved, so a silent pair cannot be told from a quiet
 * one by the client: the server, which sees every frame, says.
 */
export const STALE_POLL_MS = 5000;

export function usePricePoll(active: boolean, exchange: string) {
  usePoll(active, PRICE_TICK_MS, async () => setPrice(exchange, await fetchPrices(exchange)), [
    exchange,
  ]);
}

export function useStalePoll(active: boolean, exchange: string) {
  usePoll(active, STALE_POLL_MS, async () => setStale(exchange, await fetchStalePrices(exchange)), [
    exchange,
  ]);
}

function usePoll(active: boolean, everyMs: number, load: () => Promise<void>, deps: unknown[]) {
  useEffect(() => {
    if (!active) return;
    let busy = false;
    const tick = async () => {
      if (busy) return;
      busy = true;
      try {
        await load();
      } catch {
        // The next tick tries again; a 401 has already signed out.
      } finally {
        busy = false;
      }
    };
    tick();
    const timer = setInterval(tick, everyMs);
    return () => clearInterval(timer);
  }, [active, ...deps]);
}
