// Turns the picked days into the API's epoch-second period. Days are UTC days, as Yahoo's (and the
// recorded candles') daily bars are: the start of the first day to the end of the last.
const DAY = 86_400;

/** [from, to] as YYYY-MM-DD, or null unless both are picked. */
export function toPeriod(range: [string | null, string | null]) {
  const [from, to] = range;
  if (!from || !to) return null;
  const start = Date.parse(`${from}T00:00:00Z`) / 1000;
  const end = Date.parse(`${to}T00:00:00Z`) / 1000 + DAY;
  if (Number.isNaN(start) || Number.isNaN(end) || start >= end) return null;
  return { period1: start, period2: end };
}
