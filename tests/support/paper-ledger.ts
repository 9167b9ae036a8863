// What the paper exchange's own order records (paper_orders) say an account holds: tests that
// trade one account from many clients compare its balances with this.
import { dec, Decimal } from "../../server/core/decimal.shared.ts";
import type { paperOrders } from "../../server/db/schema.ts";

type PaperOrder = typeof paperOrders.$inferSelect;

/** Binance's taker fee, as paper charges it: 0.1% of what was bought, rounded up to 8 places. */
export const binanceFee = (bought: Decimal.Value) =>
  dec(bought).mul("0.001").toDecimalPlaces(8, Decimal.ROUND_UP);

/**
 * BTC/USDT balances after `fills` from `start`: a BUY pays its quote rounded up and receives the
 * base less its fee, a SELL the reverse with the quote rounded down. Each fill's recorded fee must
 * be Binance's on what it bought, in that asset.
 */
export function balancesAfter(start: { USDT: string; BTC: string }, fills: PaperOrder[]) {
  let usdt = dec(start.USDT);
  let btc = dec(start.BTC);
  for (const fill of fills) {
    const quote = dec(fill.quantity).mul(fill.price);
    const [bought, asset] = fill.side === "BUY"
      ? [dec(fill.quantity), "BTC"]
      : [quote.toDecimalPlaces(8, Decimal.ROUND_DOWN), "USDT"];
    const fee = binanceFee(bought);
    if (fill.fee === null || !dec(fill.fee).eq(fee) || fill.feeAsset !== asset) {
      throw new Error(
        `${fill.clientOrderId}: fee ${fill.fee} ${fill.feeAsset}, not ${fee} ${asset}`,
      );
    }
    if (fill.side === "BUY") {
      usdt = usdt.minus(quote.toDecimalPlaces(8, Decimal.ROUND_UP));
      btc = btc.plus(bought).minus(fee);
    } else {
      usdt = usdt.plus(bought).minus(fee);
      btc = btc.minus(fill.quantity);
    }
  }
  return { USDT: usdt.toFixed(), BTC: btc.toFixed() };
}
