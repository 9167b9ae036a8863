// docs/trading.md#price-refresh: refreshed every second, only on /dashboard and /profit, and only
// for pairs with a live price. One request at a time; a late answer for another exchange is
// dropped.
import { useEffect } from "react";
import { fetchPrices } from "../market/api.ts";
import { setPrice } from "../market/store.ts";

export const PRICE_TICK_MS = 1000;
export const LIVE_PRICE_PAGES = ["/dashboard", "/profit"];

export function usePricePoll(active: boolean, exchange: string) {
  useEffect(() => {
    if (!active) return;
    let busy = false;
    const tick = async () => {
      if (busy) return;
      busy = true;
      try {
        setPrice(exchange, await fetchPrices(exchange));
      } catch {
        // The next tick tries again; a 401 has already signed out.
      } finally {
        busy = false;
      }
    };
    tick();
    const timer = setInterval(tick, PRICE_TICK_MS);
    return () => clearInterval(timer);
  }, [active, exchange]);
}
