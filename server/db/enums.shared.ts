// The enumerations (docs/trading.md#enumerations), in a module free of drizzle so the client can
// import them.
export const ROLES = ["SuperAdmin", "Admin", "Lead", "User"] as const;
export const BOT_MODES = [
  "none",
  "buy_sell",
  "sell_buy",
  "only_buy_sell",
  "only_buy",
  "only_sell",
] as const;
export const EXCHANGES = ["none", "gate", "binance", "houbi"] as const;
export const TRANSACTION_STATUSES = ["BUY", "SELL", "DONE"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
/**
 * Where a transaction's prices came from. Only "server" rows count in profit: prices from the feed
 * or an exchange's fill (the bot's close included). "typed": a price typed by hand (NFT pairs, no
 * feed). "hand_closed": its status was set by hand, so its closing price is the target that was
 * asked for, never a fill. "edited": an Admin changed a price, amount or quantity.
 */
export const PRICE_SOURCES = ["server", "typed", "hand_closed", "edited"] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];
/** An opening order whose outcome is not (or not yet) a fill: server/db/schema.ts orderState. */
export const ORDER_STATES = ["pending", "refused", "unknown"] as const;
export type OrderState = (typeof ORDER_STATES)[number];
/**
 * What a row is: "trade", an order the exchange (or the paper ledger) filled or was asked to fill;
 * "missed_call", a call a User let expire (generate-done): no order, no fill, never in realized
 * profit, its would-be result shown apart.
 */
export const TRANSACTION_KINDS = ["trade", "missed_call"] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
/**
 * Where a recipient stands in a call (call_recipients), in the order they move through it: told,
 * notice shown, then one end: an order on the call's side ("traded"), an order a halt, limit or
 * the exchange refused ("refused"), or nothing until the expiry wrote the missed-call row ("missed").
 */
export const RECIPIENT_STATES = ["notified", "seen", "traded", "refused", "missed"] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];
/** How a call reached a recipient: a shown page's socket, a push to a device, or neither. */
export const DELIVERIES = ["page", "push", "offline"] as const;
export type Delivery = (typeof DELIVERIES)[number];
