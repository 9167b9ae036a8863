// POST /transaction (docs/trading.md#placing-an-order): checks, the fluctuation guard, the order,
// the record, and the bot follow-up's extra transactions.
//
// Decisions the spec leaves open:
// - Bot modes (useBot other than none) place a market order with the user's stored keys for the
//   exchange, and fail without them even when EXCHANGE_ADAPTER=paper (the paper account is keyed by
//   the user, but the flow is the live one). useBot none records the transaction without an order.
// - NFT pairs (typed price, asset id) have no feed and no market: recorded only, no guard.
// - Users (role User) trade while deps.callGate says a call is active for them
//   and only on the side their mode allows (docs/roles.md#trading-buttons-by-role); Lead and above
//   trade at any time.
// - numberOfTran > 1 in a bot mode (and withBot not false): numberOfTran - 1 extra transactions,
//   each moved 5-20% (pricing.varyAmount) in amount (BUY) or quantity (SELL). One failing does not
//   undo the others; its message is in extraErrors.
import { eq } from "drizzle-orm";
import type { SessionUser } from "../auth/sessions.ts";
import { type BotTradeResult, openForBots, selectedBotKeys } from "./bot-key-trade.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError, badRequest, forbidden } from "../core/errors.ts";
import { dec, Decimal, floor8 } from "../core/decimal.shared.ts";
import { calls } from "../db/schema.ts";
import { recordCallRefusal } from "../calls/answers.ts";
import { TradingRefused } from "../trading-halts/refusal.ts";
import type { Deps } from "../deps.ts";
import { tradingCredentials } from "../keys/credentials.ts";
import {
  type ExchangeName,
  exchangeTitle,
  findPair,
  type PairInfo,
} from "../exchanges/pairs.shared.ts";
import {
  buyClose,
  closeShortfall,
  sellClose,
  smallestClosableBuy,
  smallestClosableSell,
} from "../exchanges/markets/closable.ts";
import { shapeOrder } from "../exchanges/markets/rules.ts";
import { isStale, priceAgeS } from "../market/price-age.ts";
import { assertOffered } from "../exchanges/markets/offered.ts";
import { readCoinFunds } from "./coin-funds.ts";
import { can } from "../auth/roles.shared.ts";
import { exchangeFailure, openTransaction, pendingMessage } from "./open.ts";
import {
  botCloses,
  buyQuantity,
  initialStatus,
  isFluctuating,
  positionMode,
  sellQuantity,
  type Side,
  targetField,
  varyAmount,
} from "./pricing.shared.ts";
import { callLinesOf, type NewTransaction } from "./record.ts";
import type { CreateTransactionInput } from "./schema.ts";
import { toTransactionView, type TransactionView } from "./view.ts";
import { type MessageCode, type MessageParams, msg, type Said } from "../core/messages.shared.ts";

export type CreateResult =
  | { isFluctuating: true; marketPrice: string; lastMarketPrice: string; tradingAmount: string }
  | {
    isFluctuating: false;
    marketPrice: string;
    lastMarketPrice: string;
    tradingAmount: string;
    transaction: TransactionView;
    extraTransactions: TransactionView[];
    extraErrors: string[];
    /** The same, coded, for the client to word in the user's language. */
    extraErrorMessages: Said[];
    /** Multi-account trading: each selected bot key's transaction or error. */
    botResults?: BotTradeResult[];
    /** The transaction's order is pending (answered 202), with what the user is told. */
    pending?: true;
    message?: string;
    code?: MessageCode;
    params?: MessageParams;
  };

const USER_SIDES: Record<Side, readonly string[]> = {
  BUY: ["buy_sell", "only_buy"],
  SELL: ["sell_buy", "only_sell"],
};

export async function createTransaction(
  deps: Pick<
    Deps,
    | "callGate"
    | "clock"
    | "config"
    | "database"
    | "db"
    | "exchanges"
    | "market"
    | "onCallLinesChanged"
    | "onTradeError"
    | "onTransactionChanged"
    | "onUserChanged"
    | "orderLookup"
    | "random"
    | "secretBox"
    | "sessionCache"
  >,
  user: SessionUser,
  input: CreateTransactionInput,
  /** The request's Idempotency-Key, kept on its rows (server/idempotency/middleware.ts). */
  idempotencyKey?: string,
): Promise<CreateResult> {
  if (input.userId && input.userId !== user.id) throw forbidden(msg("trading.ownOnly"));
  const pair = findPair(input.pair);
  if (!pair) throw badRequest(msg("trading.unknownPair", { pair: input.pair }), "pair");
  const side = input.status;
  await assertMayTrade(deps, user, input, side);
  if (pair.nft && !input.assetId) throw badRequest(msg("trading.assetIdRequired"), "assetId");
  if (!pair.nft) await assertListed(deps, input.exchange, pair);

  // Selected bot keys trade instead of the user's own account (server/bot-keys/trade.ts).
  const bots = pair.nft || input.withBot === false
    ? []
    : await selectedBotKeys(deps, user, input.exchange);
  const credentials = input.useBot === "none" || pair.nft || bots.length
    ? null
    : await tradingCredentials(deps, user, input.exchange as "binance" | "gate");
  if (input.useBot !== "none" && !pair.nft && !bots.length && !credentials) {
    throw badRequest(msg("keys.missing", { exchange: exchangeTitle(input.exchange) }));
  }

  // only_sell sells 95% of what the account holds now, read from it (server/users/coin-funds.ts).
  const seller = side === "SELL" && input.useBot === "only_sell" && credentials
    ? {
      ...user,
      coinFunds: (await readCoinFunds(
        deps,
        user,
        input.exchange as "binance" | "gate",
        pair.value,
        credentials,
      ))
        .coinFunds,
    }
    : user;
  const lastMarketPrice = pair.nft
    ? typedPrice(input.marketPrice)
    : feedPrice(deps, input.exchange, pair);
  const priced = serverPriced(user, input, lastMarketPrice);
  const base = { ...plan(deps, seller, priced, side), idempotencyKey: idempotencyKey ?? null };
  const summary = {
    marketPrice: input.marketPrice,
    lastMarketPrice,
    tradingAmount: base.amount as string,
  };
  const tolerance = deps.config.FLUCTUATION_TOLERANCE;
  const sidePrice = (i: CreateTransactionInput) => side === "BUY" ? i.buyPrice : i.sellPrice;
  if (
    isFluctuating(input.marketPrice, lastMarketPrice, tolerance) ||
    isFluctuating(sidePrice(input), sidePrice(priced), tolerance)
  ) {
    return { isFluctuating: true, ...summary };
  }
  assertTarget(priced);
  if (bots.length || credentials) await assertSendable(deps, base, side);
  if (input.callId) await assertCallExists(deps, input.callId);
  const outcome = input.callId ? { callId: input.callId, outcome: "bought" as const } : undefined;
  // A halt or limit refusing the order during a call is kept: such an order leaves no row, yet
  // the call was not missed (server/calls/answers.ts).
  const refusedInCall = async (err: unknown): Promise<never> => {
    if (err instanceof TradingRefused) {
      await recordCallRefusal(deps, user, side, {
        code: err.messageCode!,
        params: err.messageParams!,
      });
    }
    throw err;
  };
  if (bots.length) {
    const placed = await openForBots(deps, { user, bots, values: base, side, outcome })
      .catch(refusedInCall);
    return { isFluctuating: false, ...summary, ...placed, ...pendingAnswer(placed.transaction) };
  }

  const main = await openTransaction(deps, {
    user,
    values: base,
    side,
    credentials,
    outcome,
  }).catch(refusedInCall);
  const created = [main];
  const extraErrors: string[] = [];
  const extraErrorMessages: Said[] = [];
  if (credentials && input.withBot !== false) {
    for (const values of extras(deps, user, base, side)) {
      try {
        await assertSendable(deps, values, side);
        created.push(await openTransaction(deps, { user, values, side, credentials }));
      } catch (err) {
        const { said } = exchangeFailure(input.exchange, err);
        extraErrors.push(said.text);
        if (said.code) extraErrorMessages.push({ code: said.code, params: said.params ?? {} });
      }
    }
  }
  if (pair.nft) {
    await recordAudit(deps.db, {
      actorId: user.id,
      action: "transaction.typed_price",
      targetUserId: user.id,
      details: { id: main.id, pair: pair.value, assetId: input.assetId, price: lastMarketPrice },
      at: deps.clock.now(),
    });
  }
  const views = created.map((row) => toTransactionView(row, user.username));
  views.forEach((view, i) => deps.onTransactionChanged(view, callLinesOf(created[i])));
  return {
    isFluctuating: false,
    ...summary,
    transaction: views[0],
    extraTransactions: views.slice(1),
    extraErrors,
    extraErrorMessages,
    ...pendingAnswer(views[0]),
  };
}

function pendingAnswer(tx: TransactionView) {
  if (tx.orderState !== "pending") return {};
  const { text, code, params } = pendingMessage(tx);
  return { pending: true as const, message: text, code, params };
}

async function assertMayTrade(
  deps: Pick<Deps, "callGate">,
  user: SessionUser,
  input: CreateTransactionInput,
  side: Side,
) {
  if (can(user.role, "trade.always")) return;
  if (!USER_SIDES[side].includes(input.useBot)) {
    throw forbidden(msg("trading.sideNotInBotMode", { side, mode: input.useBot }));
  }
  if (!(await deps.callGate(user.id, side))) {
    throw forbidden(msg("trading.sideOnlyDuringCall", { side }));
  }
}

async function assertListed(deps: Pick<Deps, "exchanges">, exchange: string, pair: PairInfo) {
  if (exchange !== "binance" && exchange !== "gate") {
    throw badRequest(
      msg("trading.exchangeUnsupported", { exchange: exchangeTitle(exchange) }),
      "exchange",
    );
  }
  // The spec's list, then what the exchange's markets say it trades (no Binance BTCUSD...).
  await assertOffered(deps.exchanges.markets(), exchange, pair.value);
}

/**
 * The feed's price, refused (503) when there is none or it is stale: older than PRICE_MAX_AGE_S
 * (docs/trading.md#stale-prices), the message naming its age.
 */
export function feedPrice(
  deps: Pick<Deps, "clock" | "config" | "market">,
  exchange: string,
  pair: PairInfo,
) {
  const feed = deps.market?.feed(exchange as ExchangeName);
  const price = feed?.price(pair.value);
  const names = { pair: pair.label, exchange: exchangeTitle(exchange) };
  if (!feed || !price) throw new AppError("UNAVAILABLE", msg("trading.noPrice", names));
  const age = priceAgeS(feed, pair.value, deps.clock.now()) ?? Infinity;
  const max = deps.config.PRICE_MAX_AGE_S;
  if (isStale(age, max)) {
    throw new AppError("UNAVAILABLE", msg("trading.stalePrice", { ...names, age, max }));
  }
  return price;
}

/** A price typed by hand (NFT pairs): no feed to compare with, so it is bounded and audited. */
export const MAX_TYPED_PRICE = "1000000000";

function typedPrice(price: string) {
  if (!dec(price).gt(0) || dec(price).gt(MAX_TYPED_PRICE)) {
    throw badRequest(
      msg("trading.typedPriceRange", { max: MAX_TYPED_PRICE }),
      "marketPrice",
    );
  }
  return price;
}

/**
 * The order's price is the server's (the feed's, or the typed one); the client's is only compared
 * with it. The row is recorded in the mode of the position it opens (pricing.positionMode). A
 * target that mode keeps (pricing.targetField) stays the client's, bounded once the fluctuation
 * guard has passed (assertTarget); a mode without one (none, only_buy, only_sell) has both prices at
 * the price, so a client's target is neither checked nor profit no fill ever made. The amount is
 * capped by the user's tradingAmount when one is set (0: not set).
 */
function serverPriced(
  user: SessionUser,
  input: CreateTransactionInput,
  price: string,
): CreateTransactionInput {
  const cap = dec(user.tradingAmount);
  if (input.status === "BUY" && cap.gt(0) && dec(input.amount).gt(cap)) {
    throw badRequest(msg("trading.amountOverCap", { cap: cap.toFixed() }), "amount");
  }
  const useBot = positionMode(input.useBot, input.status);
  const sidePrice = input.status === "BUY" ? "buyPrice" : "sellPrice";
  const own = floor8(price);
  return {
    ...input,
    useBot,
    marketPrice: price,
    ...targetField(useBot, input.status) ? {} : { buyPrice: own, sellPrice: own },
    [sidePrice]: own,
  };
}

/**
 * The target a position keeps, checked after the fluctuation guard (a price that moved past the
 * spread is a fluctuation, not a bad target): a sell target from the price up to twice it, a
 * buy-back target from 0 up to the price.
 */
function assertTarget(priced: CreateTransactionInput) {
  const field = targetField(priced.useBot, priced.status);
  if (!field) return;
  const price = dec(priced.marketPrice);
  const [low, high] = field === "sellPrice" ? [price, price.mul(2)] : [dec(0), price];
  const target = dec(priced[field]);
  if (target.lt(low) || target.gt(high)) {
    throw badRequest(
      msg("trading.targetOutOfRange", { field, low: floor8(low), high: floor8(high) }),
      field,
    );
  }
}

/**
 * An order about to be sent, checked against its market's rules first: its own minimum and maximum
 * (shapeOrder, which the adapter applies again), then, for a position the bot closes, its close
 * (docs/trading.md#closable-positions): opened only when the close, after the exchange's fee and
 * steps, is an order the exchange takes; the refusal names the smallest amount (BUY) or quantity
 * (SELL) that is.
 */
async function assertSendable(deps: Pick<Deps, "exchanges">, values: NewTransaction, side: Side) {
  const exchange = values.exchange as ExchangeName;
  const rule = await deps.exchanges.markets().rule(exchange, values.pair);
  if (!rule) return; // no market (an NFT pair): no order, nothing to close
  try {
    shapeOrder(rule, {
      pair: values.pair,
      side,
      type: "market",
      quantity: values.quantity,
      quoteAmount: side === "BUY" ? values.amount : undefined,
      clientOrderId: "",
    }, values.marketPrice);
  } catch (err) {
    throw exchangeFailure(exchange, err);
  }
  if (!values.useBot || !botCloses(values.useBot, side)) return;
  const [price, target] = side === "BUY"
    ? [values.buyPrice, values.sellPrice]
    : [values.sellPrice, values.buyPrice];
  const close = side === "BUY"
    ? buyClose(rule, values.amount, price)
    : sellClose(rule, values.quantity, price, target);
  const minimum = closeShortfall(rule, close);
  if (!minimum) return;
  const said = {
    exchange: exchangeTitle(exchange),
    pair: findPair(values.pair)?.label ?? values.pair,
    fee: dec(rule.takerFee).mul(100).toFixed(),
    quantity: close.quantity.toFixed(),
    base: rule.base,
    value: close.value.toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(),
    quote: rule.quote,
    minimum,
  };
  if (side === "BUY") {
    const smallest = smallestClosableBuy(rule, price).toFixed();
    throw badRequest(msg("trading.notClosableBuy", { ...said, smallest }), "amount");
  }
  const smallest = smallestClosableSell(rule, price, target).toFixed();
  // A sell_buy SELL sells coinTradingAmount (pricing.sellQuantity).
  throw badRequest(msg("trading.notClosableSell", { ...said, smallest }), "coinTradingAmount");
}

async function assertCallExists(deps: Pick<Deps, "db">, callId: string) {
  const [call] = await deps.db.select({ id: calls.id }).from(calls).where(eq(calls.id, callId));
  if (!call) throw badRequest(msg("calls.unknownCall", { callId }), "callId");
}

/** The row to write: status, quantity and amount by docs/trading.md#quantities-and-prices. */
function plan(
  deps: Pick<Deps, "clock">,
  user: SessionUser,
  input: CreateTransactionInput,
  side: Side,
): NewTransaction {
  let amount = input.amount;
  let quantity: string;
  if (side === "BUY") {
    if (!dec(input.buyPrice).gt(0)) throw badRequest(msg("trading.buyPricePositive"), "buyPrice");
    quantity = buyQuantity(amount, input.buyPrice);
    if (!dec(quantity).gt(0)) throw badRequest(msg("trading.amountTooSmall"), "amount");
  } else {
    if (!dec(input.sellPrice).gt(0)) {
      throw badRequest(msg("trading.sellPricePositive"), "sellPrice");
    }
    quantity = sellQuantity(input.useBot, user.coinFunds, user.coinTradingAmount);
    const source = input.useBot === "only_sell" ? "coinFunds" : "coinTradingAmount";
    if (!dec(quantity).gt(0)) {
      throw badRequest(msg("trading.nothingToSell", { field: source }), source);
    }
    amount = floor8(dec(quantity).mul(input.sellPrice));
  }
  if (input.useBot === "buy_sell" && !dec(input.sellPrice).gt(0)) {
    throw badRequest(msg("trading.sellPricePositive"), "sellPrice");
  }
  if (input.useBot === "sell_buy" && !dec(input.buyPrice).gt(0)) {
    throw badRequest(msg("trading.buyPricePositive"), "buyPrice");
  }
  return {
    userId: user.id,
    status: initialStatus(input.useBot, side),
    pair: input.pair,
    exchange: input.exchange,
    adapter: "none",
    useBot: input.useBot,
    marketPrice: input.marketPrice,
    buyPrice: input.buyPrice,
    sellPrice: input.sellPrice,
    amount,
    quantity,
    spread: input.spread ?? user.spread,
    tradingAmount: input.tradingAmount ?? user.tradingAmount,
    isAutoSpread: input.isAutoSpread ?? user.isAutoSpread,
    isFull: input.isFull ?? user.isFull,
    isRandom: input.isRandom ?? user.isRandom,
    fraction: input.fraction ?? user.fraction,
    assetId: input.assetId ?? null,
    callId: input.callId ?? null,
    priceSource: findPair(input.pair)?.nft ? "typed" : "server",
    createdAt: deps.clock.now(),
    updatedAt: deps.clock.now(),
  };
}

/** The bot follow-up: numberOfTran - 1 more, each amount (BUY) or quantity (SELL) varied. */
function extras(
  deps: Pick<Deps, "random">,
  user: SessionUser,
  base: NewTransaction,
  side: Side,
): NewTransaction[] {
  const random = deps.random ?? Math.random;
  const count = Math.min(Math.max(user.numberOfTran, 1), 10) - 1;
  return Array.from({ length: count }, () => {
    if (side === "BUY") {
      const amount = varyAmount(base.amount, random);
      return { ...base, callId: null, amount, quantity: buyQuantity(amount, base.buyPrice) };
    }
    const quantity = varyAmount(base.quantity, random);
    return { ...base, callId: null, quantity, amount: floor8(dec(quantity).mul(base.sellPrice)) };
  }).filter((v) => dec(v.quantity).gt(0));
}
