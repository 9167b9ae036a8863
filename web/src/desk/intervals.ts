// The chart's candle intervals, as the server's schema names them. Written here rather than
// imported: server/desk/schema.shared.ts builds zod schemas at load, and the dashboard's first load
// should not carry zod for two constants (tests/unit/web-desk-live.test.ts holds them equal).
import type { CandleInterval } from "../../../server/desk/schema.shared.ts";

/** Milliseconds per candle of each interval. */
export const INTERVAL_MS = {
  "1m": 60_000,
  "5m": 300_000,
  "15m": 900_000,
  "1h": 3_600_000,
  "1d": 86_400_000,
} as const satisfies Record<CandleInterval, number>;

export const CANDLE_INTERVALS = Object.keys(INTERVAL_MS) as CandleInterval[];
