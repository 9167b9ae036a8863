// The refusal of an order under the exchange's minimum, as text the client can take apart to show
// it in the reader's language. No imports: the web client uses it.

const TITLES: Record<string, string> = { binance: "Binance", gate: "Gate" };

/** "Minimum order on Binance BTC/USDT is 5 USDT". */
export const minimumOrderMessage = (exchange: string, pairLabel: string, minimum: string) =>
  `Minimum order on ${TITLES[exchange] ?? exchange} ${pairLabel} is ${minimum}`;

const MINIMUM_ORDER = /^Minimum order on (\S+) (\S+) is (\S+ \S+)$/;

/** The parts of a minimumOrderMessage, or null for any other text. */
export function parseMinimumOrder(message: string) {
  const m = MINIMUM_ORDER.exec(message);
  return m ? { exchange: m[1], pair: m[2], minimum: m[3] } : null;
}
