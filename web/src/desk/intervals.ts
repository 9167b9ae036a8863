// The chart's candle intervals: the server's own module, which carries no zod into the first load.
export {
  CANDLE_INTERVALS,
  INTERVAL_MS,
} from "../../../server/exchanges/candle-intervals.shared.ts";
