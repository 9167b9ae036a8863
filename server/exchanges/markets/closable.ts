// Closable by construction (docs/trading.md#closable-positions): a position the bot closes is
// opened only when its close, after the taker fee and the exchange's rounding, is an order the
// exchange takes. Otherwise a 6 USDT BTC BUY (0.00008 BTC at 67,400) leaves 0.00007 BTC after the
// 0.1% fee and the 0.00001 step, 4.72 USDT, under Binance's 5 USDT minimum: its close is refused
// every time the bot tries. Pure: the order's shape follows shapeOrder (rules.ts) and the close's
// size closingSize (transactions/close-order.ts).
import { dec, Decimal, type DecimalInput } from "../../core/decimal.shared.ts";
import { down, type MarketRule, up } from "./rules.ts";

/** What a position's closing order would trade: its base quantity and its value in the quote. */
export interface Close {
  quantity: Decimal;
  value: Decimal;
}

const to8 = (value: Decimal) => value.toDecimalPlaces(8, Decimal.ROUND_DOWN);
const afterFee = (rule: MarketRule, value: Decimal.Value) =>
  dec(value).mul(dec(1).sub(rule.takerFee));

/**
 * The close of a market BUY of `amount` (quote) at `price`: what arrived (Binance: the quantity on
 * its step; Gate: the quote amount on its step, bought at the price), less the fee taken in the
 * bought asset, sold on the step. Valued at the opening price: the exchange checks a close's value
 * at the market then, and a sell target is never below it.
 */
export function buyClose(rule: MarketRule, amount: DecimalInput, price: DecimalInput): Close {
  const filled = rule.quoteStep
    ? to8(down(amount, rule.quoteStep).div(price))
    : down(to8(dec(amount).div(price)), rule.stepSize);
  const quantity = down(afterFee(rule, filled), rule.stepSize);
  return { quantity, value: quantity.mul(price) };
}

/**
 * The buy-back of a market SELL of `quantity` at `price`, at its `target`: Binance buys back the
 * quantity sold, valued at the target; Gate spends the proceeds less the fee taken in the quote,
 * on its quote step.
 */
export function sellClose(
  rule: MarketRule,
  quantity: DecimalInput,
  price: DecimalInput,
  target: DecimalInput,
): Close {
  const sold = down(quantity, rule.stepSize);
  if (!rule.quoteStep) return { quantity: sold, value: sold.mul(target) };
  const spend = down(afterFee(rule, sold.mul(price)), rule.quoteStep);
  return { quantity: dec(target).gt(0) ? to8(spend.div(target)) : dec(0), value: spend };
}

/** The minimum the close falls under ("5 USDT", "0.00001 BTC"); undefined when it is taken. */
export function closeShortfall(rule: MarketRule, close: Close): string | undefined {
  if (!close.quantity.gt(0) || close.quantity.lt(rule.minQty)) {
    return `${Decimal.max(rule.minQty, rule.stepSize).toFixed()} ${rule.base}`;
  }
  if (close.value.lt(rule.minNotional)) return `${dec(rule.minNotional).toFixed()} ${rule.quote}`;
  return undefined;
}

/** Whole cents at least, and the exchange's quote step where it has one. */
const quoteUnit = (rule: MarketRule) => Decimal.max("0.01", rule.quoteStep ?? 0);
const baseUnit = (rule: MarketRule) =>
  dec(rule.stepSize).gt(0) ? dec(rule.stepSize) : dec("0.00000001");

/**
 * The first value on `unit`'s grid from `estimate` up whose close is taken. The estimates below
 * are the exact bound before rounding, so this walks a step or two at most; the cap only guards a
 * rule that no amount satisfies.
 */
function smallest(estimate: Decimal, unit: Decimal, taken: (value: Decimal) => boolean) {
  let value = Decimal.max(up(estimate, unit), unit);
  for (let i = 0; i < 1000 && !taken(value); i++) value = value.add(unit);
  return value;
}

/** The smallest BUY amount (quote, whole cents) at `price` whose close the exchange takes. */
export function smallestClosableBuy(rule: MarketRule, price: DecimalInput): Decimal {
  const close = up(Decimal.max(rule.minQty, dec(rule.minNotional).div(price)), baseUnit(rule));
  const fill = up(
    close.div(dec(1).sub(rule.takerFee)),
    rule.quoteStep ? "0.00000001" : baseUnit(rule),
  );
  return smallest(
    fill.mul(price),
    quoteUnit(rule),
    (amount) => !closeShortfall(rule, buyClose(rule, amount, price)),
  );
}

/** The smallest SELL quantity (base, on the step) at `price` whose buy-back at `target` is taken. */
export function smallestClosableSell(
  rule: MarketRule,
  price: DecimalInput,
  target: DecimalInput,
): Decimal {
  const byValue = rule.quoteStep
    ? dec(rule.minNotional).div(afterFee(rule, price))
    : dec(rule.minNotional).div(target);
  return smallest(
    Decimal.max(rule.minQty, byValue),
    baseUnit(rule),
    (quantity) => !closeShortfall(rule, sellClose(rule, quantity, price, target)),
  );
}
