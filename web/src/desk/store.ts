// What the desk panels show, loaded while the dashboard is on screen and again after each change of
// the user's transactions (realtime/dispatch.ts: the socket's transaction-changed, debounced with
// the lists), so a fill shows in the positions, closed trades, balances and today's figures at once.
import { proxy, ref } from "valtio";
import type {
  CandleInterval,
  DeskBalancesAnswer,
  DeskCandlesAnswer,
  DeskClosedAnswer,
  DeskPositionsAnswer,
  DeskTodayAnswer,
} from "../../../server/desk/schema.shared.ts";
import { market } from "../market/store.ts";
import { onSignOut } from "../session/store.ts";
import { errorText } from "../ui/error-text.ts";
import { fetchBalances, fetchCandles, fetchClosed, fetchPositions, fetchToday } from "./api.ts";
import { localMidnight } from "./live.ts";
import { deskMessages } from "./messages.ts";

interface Loaded<T> {
  data: T | null;
  error: string | null;
}

const loaded = <T>(): Loaded<T> => ({ data: null, error: null });

const initial = () => ({
  /** True while the dashboard shows the desk. */
  shown: false,
  interval: "1m" as CandleInterval,
  // ref(): the lists are replaced whole on each answer, never changed in place, so a row's
  // snapshot keeps its identity and a memoized row renders only when it changed.
  positions: loaded<DeskPositionsAnswer>(),
  closed: loaded<DeskClosedAnswer>(),
  balances: loaded<DeskBalancesAnswer>(),
  today: loaded<DeskTodayAnswer>(),
  candles: loaded<DeskCandlesAnswer>(),
});

export const desk = proxy(initial());

type Panel = "positions" | "closed" | "balances" | "today" | "candles";

/** Two loads of one panel racing: only the later answer counts. */
const latest: Record<Panel, number> = {
  positions: 0,
  closed: 0,
  balances: 0,
  today: 0,
  candles: 0,
};

async function load<P extends Panel>(
  panel: P,
  fetch: () => Promise<NonNullable<(typeof desk)[P]["data"]>>,
) {
  const mine = ++latest[panel];
  try {
    const data = await fetch();
    if (mine !== latest[panel]) return;
    desk[panel] = { data: ref(data) as never, error: null };
  } catch (err) {
    if (mine !== latest[panel]) return;
    desk[panel].error = errorText(err, deskMessages.translate("desk.loadFailed"));
  }
}

export const loadPositions = () => load("positions", fetchPositions);
export const loadClosed = () => load("closed", fetchClosed);
export const loadBalances = () => load("balances", () => fetchBalances(market.exchange));
export const loadToday = () => load("today", () => fetchToday(localMidnight(new Date())));
export const loadCandles = () =>
  load("candles", () => fetchCandles(market.exchange, market.pair, desk.interval));

/** Everything a fill changes. */
export function reloadDesk() {
  if (!desk.shown) return;
  // The chart asks for its first candles itself, after the first paint; later fills mark them.
  const chart = desk.candles.data ? [loadCandles()] : [];
  return Promise.all([loadPositions(), loadClosed(), loadBalances(), loadToday(), ...chart]);
}

export function setCandleInterval(interval: CandleInterval) {
  desk.interval = interval;
  return loadCandles();
}

/** The dashboard mounts the desk: loads it, and stops the reloads when it leaves. */
export function showDesk() {
  desk.shown = true;
  void reloadDesk();
  return () => {
    desk.shown = false;
  };
}

onSignOut(() => {
  for (const panel of Object.keys(latest) as Panel[]) latest[panel]++;
  Object.assign(desk, initial());
});
