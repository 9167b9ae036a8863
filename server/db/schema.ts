// The one source of the tables. drizzle-kit generates drizzle/ from this file.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  BOT_MODES,
  DELIVERIES,
  EXCHANGES,
  type OrderState,
  PRICE_SOURCES,
  RECIPIENT_STATES,
  ROLES,
  TRANSACTION_KINDS,
  TRANSACTION_STATUSES,
} from "./enums.shared.ts";

export { BOT_MODES, EXCHANGES, PRICE_SOURCES, ROLES, TRANSACTION_KINDS, TRANSACTION_STATUSES };

export const roleEnum = pgEnum("role", ROLES);
export const botModeEnum = pgEnum("bot_mode", BOT_MODES);
export const exchangeEnum = pgEnum("exchange", EXCHANGES);
export const transactionStatusEnum = pgEnum("transaction_status", TRANSACTION_STATUSES);
export const priceSourceEnum = pgEnum("price_source", PRICE_SOURCES);
export const transactionKindEnum = pgEnum("transaction_kind", TRANSACTION_KINDS);

/** Money and quantities: NUMERIC, read and written as strings so no float ever touches them. */
const money = (name: string) => numeric(name, { precision: 38, scale: 8 });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable("users", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  username: text("username").notNull(),
  email: text("email").notNull(),
  passwordHash: text("password_hash").notNull(),
  role: roleEnum("role").notNull().default("User"),
  firstName: text("first_name"),
  lastName: text("last_name"),
  uniqueId: integer("unique_id").notNull(),
  /** TOTP secret, encrypted at rest; null until enrolment starts. */
  totpSecret: text("totp_secret"),
  totpEnabled: boolean("totp_enabled").notNull().default(false),
  /** Last accepted TOTP time step: a code of this step or earlier is a replay. */
  totpLastStep: bigint("totp_last_step", { mode: "number" }),
  pair: text("pair").notNull().default("btc_usdt"),
  exchange: exchangeEnum("exchange").notNull().default("binance"),
  group: text("group").notNull().default("default"),
  useBot: botModeEnum("use_bot").notNull().default("none"),
  isAutoSpread: boolean("is_auto_spread").notNull().default(false),
  spread: money("spread").notNull().default("0"),
  tradingAmount: money("trading_amount").notNull().default("0"),
  coinTradingAmount: money("coin_trading_amount").notNull().default("0"),
  coinFunds: money("coin_funds").notNull().default("0"),
  fraction: money("fraction").notNull().default("0"),
  isFull: boolean("is_full").notNull().default(false),
  isRandom: boolean("is_random").notNull().default(false),
  numberOfTran: integer("number_of_tran").notNull().default(1),
  selectBots: integer("select_bots").array().notNull().default(sql`'{}'::integer[]`),
  // Exchange credentials, each encrypted at rest (AES-256-GCM) and never sent back.
  gateKeyV2: text("gate_key_v2"),
  gateKeyV4: text("gate_key_v4"),
  gateSecretV4: text("gate_secret_v4"),
  binanceKey: text("binance_key"),
  binanceSecret: text("binance_secret"),
  houbiKey: text("houbi_key"),
  houbiSecret: text("houbi_secret"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Users are soft-deleted so their transactions keep an owner. */
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
}, (t) => [
  uniqueIndex("users_username_live").on(sql`lower(${t.username})`).where(
    sql`${t.deletedAt} is null`,
  ),
  uniqueIndex("users_email_live").on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
  uniqueIndex("users_unique_id").on(t.uniqueId),
]);

export const SESSION_SCOPES = ["enroll", "full"] as const;

export const sessions = pgTable("sessions", {
  /** SHA-256 of the bearer token: a leaked table does not leak tokens. */
  id: text("id").primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id),
  /** "enroll" tokens may only finish TOTP enrolment; "full" tokens use the API. */
  scope: text("scope", { enum: SESSION_SCOPES }).notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  ip: text("ip"),
  userAgent: text("user_agent"),
}, (t) => [index("sessions_user").on(t.userId)]);

/** Sign-in and forgot-* attempts per username and per address, with their backoff. */
export const loginThrottle = pgTable("login_throttle", {
  /** "<kind>:user:<lower username>" or "<kind>:ip:<address>". */
  key: text("key").primaryKey(),
  /** Attempts since the key was last quiet for the window (counted before they are checked). */
  failures: integer("failures").notNull(),
  lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
  /** No attempt is checked before this. */
  nextAt: timestamp("next_at", { withTimezone: true }).notNull(),
});

export const RESET_KINDS = ["password", "2fa"] as const;

export const resetTokens = pgTable("reset_tokens", {
  id: text("id").primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id),
  kind: text("kind", { enum: RESET_KINDS }).notNull(),
  createdBy: integer("created_by").notNull().references(() => users.id),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

export const auditLog = pgTable("audit_log", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  actorId: integer("actor_id").references(() => users.id),
  action: text("action").notNull(),
  targetUserId: integer("target_user_id").references(() => users.id),
  details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("audit_log_at").on(t.at)]);

export const botKeys = pgTable("bot_keys", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  exchange: exchangeEnum("exchange").notNull(),
  username: text("username").notNull(),
  /** Which adapter trades with this key: "paper" or the exchange's own. */
  adapter: text("adapter").notNull().default("paper"),
  key: text("key").notNull(),
  secret: text("secret").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Set on delete: the row stays for the transactions that name it (and the bot's closes). */
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
}, (t) => [
  index("bot_keys_exchange").on(t.exchange),
  uniqueIndex("bot_keys_exchange_username_live").on(t.exchange, sql`lower(${t.username})`)
    .where(sql`${t.deletedAt} is null`),
]);

export const transactions = pgTable("transactions", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  userId: integer("user_id").notNull().references(() => users.id),
  status: transactionStatusEnum("status").notNull(),
  pair: text("pair").notNull(),
  exchange: exchangeEnum("exchange").notNull(),
  /** The adapter that executed it: paper, binance or gate. */
  adapter: text("adapter").notNull(),
  useBot: botModeEnum("use_bot").notNull().default("none"),
  marketPrice: money("market_price").notNull(),
  buyPrice: money("buy_price").notNull(),
  sellPrice: money("sell_price").notNull(),
  amount: money("amount").notNull(),
  quantity: money("quantity").notNull(),
  spread: money("spread").notNull().default("0"),
  tradingAmount: money("trading_amount").notNull().default("0"),
  isAutoSpread: boolean("is_auto_spread").notNull().default(false),
  isFull: boolean("is_full").notNull().default(false),
  isRandom: boolean("is_random").notNull().default(false),
  fraction: money("fraction").notNull().default("0"),
  assetId: text("asset_id"),
  hash: text("hash"),
  botKeyId: integer("bot_key_id").references(() => botKeys.id),
  callId: text("call_id"),
  orderId: text("order_id"),
  closeOrderId: text("close_order_id"),
  filledPrice: money("filled_price"),
  filledAt: timestamp("filled_at", { withTimezone: true }),
  /** The opening order's fill as the exchange reported it (issue 15): what the bot closes. */
  filledQuantity: money("filled_quantity"),
  avgPrice: money("avg_price"),
  fee: money("fee"),
  feeAsset: text("fee_asset"),
  /** When the opening fill happened (the exchange's answer, or the resolver's lookup). */
  openedAt: timestamp("opened_at", { withTimezone: true }),
  /** The closing order's fill: base quantity, fee and its asset (its average price: filledPrice). */
  closeQuantity: money("close_quantity"),
  closeFee: money("close_fee"),
  closeFeeAsset: text("close_fee_asset"),
  /**
   * Quote asset, set when the row closes with a fill: proceeds − cost − fees (fees in another asset
   * valued at their fill's price). Null for open rows, rows closed by hand and missed calls.
   */
  realizedPnl: money("realized_pnl"),
  kind: transactionKindEnum("kind").notNull().default("trade"),
  /** Set by the server only (server/db/enums.shared.ts PRICE_SOURCES): whether profit counts the row. */
  priceSource: priceSourceEnum("price_source").notNull().default("server"),
  /**
   * Null for a trade. "pending": the opening order's answer was lost and the lookups could not
   * tell, so the row waits for the order resolver (server/exchanges/resolver.ts); "refused": the
   * exchange never took it; "unknown": it still could not tell after the resolver's bound. Only a
   * null state is a trade (the bot closes it, profits count it).
   */
  orderState: text("order_state").$type<OrderState>(),
  /** Why, in English: what the exchange answered, or exactly what a person must check. */
  orderNote: text("order_note"),
  /** When the resolver looks a pending order up next. */
  orderCheckAt: timestamp("order_check_at", { withTimezone: true }),
  /** Set while the bot worker places the closing order: its claim, so no other worker does. */
  /** The Idempotency-Key of the request that created the row (its retry finds it). */
  idempotencyKey: text("idempotency_key"),
  closingSince: timestamp("closing_since", { withTimezone: true }),
  /** When the bot's last closing order was refused: it retries after a pause. */
  closeErrorAt: timestamp("close_error_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  // The list (server/transactions/list-reads.ts) reads each status on its own, newest first (created_at
  // desc, id desc, nulls last): one ordered range per status and scope, carrying the filtered
  // columns so totals read the index only. Every index is paid for on each trade's insert: none
  // may be a prefix of another.
  index("transactions_status_created").on(
    t.status,
    t.createdAt.desc(),
    t.id.desc(),
    t.sellPrice,
  ),
  index("transactions_list_user").on(
    t.userId,
    t.status,
    t.createdAt.desc(),
    t.id.desc(),
    t.pair,
    t.sellPrice,
  ),
  index("transactions_list_pair_status").on(
    t.pair,
    t.status,
    t.createdAt.desc(),
    t.id.desc(),
    t.sellPrice,
  ),
  // A pair's rows within a sell price range: only the rows in the range are read, not the newer
  // ones outside it that the ordered range above steps over. It carries the list order's columns:
  // when they are not capped, these rows are the total and the newest page both.
  index("transactions_list_pair_sell").on(t.pair, t.status, t.sellPrice, t.createdAt, t.id),
  // Reports read created_at ranges oldest first. Ascending on purpose: read backwards it is desc
  // nulls first, not the list's order, so the planner cannot take it for a status's newest rows,
  // where it would step over every newer row of the other statuses.
  index("transactions_created").on(t.createdAt, t.id),
  // The bot worker's scans: open bot transactions of one market whose target the price reached.
  index("transactions_bot_buy").on(t.exchange, t.pair, t.sellPrice)
    .where(sql`${t.status} = 'BUY' and ${t.useBot} = 'buy_sell'`),
  index("transactions_bot_sell").on(t.exchange, t.pair, t.buyPrice)
    .where(sql`${t.status} = 'SELL' and ${t.useBot} = 'sell_buy'`),
  // Claims still held by a closing order: the worker looks for stale ones on every price tick.
  // Only rows mid-close are in it, so a trade's insert does not pay for it.
  index("transactions_idempotency").on(t.userId, t.idempotencyKey)
    .where(sql`${t.idempotencyKey} is not null`),
  index("transactions_closing").on(t.exchange, t.pair, t.closingSince)
    .where(sql`${t.closingSince} is not null`),
  // The order resolver's queue: only pending rows are in it.
  index("transactions_pending").on(t.orderCheckAt).where(sql`${t.orderState} = 'pending'`),
]);

/**
 * What /profit and its series read instead of a million transactions (docs/reports.md#speed): per
 * UTC day of creation, user, pair and exchange, the sums of the DONE, confirmed rows as
 * server/reports/books.ts counts them. Kept by the trigger transactions_profit_days (drizzle/0020)
 * in the transaction of every insert, update and delete of a row, whoever writes it, so it is
 * never behind; a group with no row left is deleted. Sums are unrounded NUMERIC: reads round the
 * total as they would round a sum of the rows.
 */
export const profitDays = pgTable("profit_days", {
  day: date("day", { mode: "string" }).notNull(),
  userId: integer("user_id").notNull(),
  pair: text("pair").notNull(),
  exchange: exchangeEnum("exchange").notNull(),
  /** Counted (books.ts realized): trades, wins (realizedPnl above 0) and their sums. */
  trades: integer("trades").notNull(),
  wins: integer("wins").notNull(),
  quantity: numeric("quantity").notNull(),
  buyAmount: numeric("buy_amount").notNull(),
  sellAmount: numeric("sell_amount").notNull(),
  profit: numeric("profit").notNull(),
  fees: numeric("fees").notNull(),
  best: numeric("best"),
  worst: numeric("worst"),
  /** Not counted (books.ts notRealized) with their targets' profit, and why. */
  notCountedTrades: integer("not_counted_trades").notNull(),
  notCountedProfit: numeric("not_counted_profit").notNull(),
  typed: integer("typed").notNull(),
  handClosed: integer("hand_closed").notNull(),
  edited: integer("edited").notNull(),
  oneSided: integer("one_sided").notNull(),
  unpriced: integer("unpriced").notNull(),
  missedCalls: integer("missed_calls").notNull(),
  missedProfit: numeric("missed_profit").notNull(),
}, (t) => [primaryKey({ columns: [t.day, t.userId, t.pair, t.exchange] })]);

/**
 * Reconciliation (docs/trading.md#reconciliation): each check of one account on one exchange, what
 * the exchange holds against what the ledger says it should since the last checkpoint (the last
 * check without drift).
 */
export const balanceChecks = pgTable("balance_checks", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  /** "user:<id>" or "bot:<id>", as the adapters name accounts. */
  account: text("account").notNull(),
  exchange: exchangeEnum("exchange").notNull(),
  adapter: text("adapter").notNull(),
  checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
  /** "ok", "drift" (beyond fees and dust) or "error" (the balances could not be read). */
  state: text("state").notNull(),
  /** { [asset]: { free, locked } } as the exchange answered. */
  actual: jsonb("actual"),
  /** { [asset]: total } the checkpoint plus the fills since. */
  expected: jsonb("expected"),
  /** { [asset]: actual − expected } beyond the tolerance. */
  drift: jsonb("drift"),
  /** The ledger rows counted since the checkpoint: [{ id, leg: "open" | "close" }]. */
  transactionIds: jsonb("transaction_ids"),
  /** For an "error" check, its coded reason as JSON (server/reconciliation/README.md). */
  note: text("note"),
  acknowledgedBy: integer("acknowledged_by").references(() => users.id),
  acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
}, (t) => [
  index("balance_checks_account").on(t.account, t.exchange, t.checkedAt.desc()),
  index("balance_checks_open_drift").on(t.checkedAt).where(
    sql`${t.state} = 'drift' and ${t.acknowledgedAt} is null`,
  ),
]);

export const paperBalances = pgTable("paper_balances", {
  /** "user:<id>" or "bot:<id>": whose paper account. */
  account: text("account").notNull(),
  asset: text("asset").notNull(),
  free: money("free").notNull().default("0"),
  locked: money("locked").notNull().default("0"),
}, (t) => [primaryKey({ columns: [t.account, t.asset] })]);

/** The paper exchange's orders, one per fill, so an order is found by its client order id. */
export const paperOrders = pgTable("paper_orders", {
  account: text("account").notNull(),
  clientOrderId: text("client_order_id").notNull(),
  pair: text("pair").notNull(),
  side: text("side").notNull(),
  quantity: money("quantity").notNull(),
  price: money("price").notNull(),
  /** The taker fee taken from what the order received, in that asset; none on older orders. */
  fee: money("fee"),
  feeAsset: text("fee_asset"),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.account, t.clientOrderId] })]);

export const calls = pgTable("calls", {
  id: text("id").primaryKey(),
  fromUserId: integer("from_user_id").notNull().references(() => users.id),
  fromUsername: text("from_username").notNull(),
  group: text("group").notNull(),
  target: text("target").notNull(),
  count: integer("count").notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  /**
   * The pairs the call concerns: its target when that is a pair (set by server/calls/service.ts)
   * and its recipients' pairs (call_recipients.pair, added by a trigger on their insert). The
   * history's pair filter reads them through calls_pairs, not a lookup of each call's lines.
   */
  pairs: text("pairs").array().notNull().default(sql`'{}'::text[]`),
}, (t) => [
  // Call history (server/calls/history.ts): newest first, everyone's or one Lead's.
  index("calls_created").on(t.createdAt.desc(), t.id),
  index("calls_from_created").on(t.fromUserId, t.createdAt.desc(), t.id),
  // A pair few calls concern: its calls found at once, not by walking calls_created to the end.
  index("calls_pairs").using("gin", t.pairs),
  // The longest call, read by the trigger that finds the calls running at a trade's time
  // (drizzle/0023): their windows start at most this long before it.
  index("calls_duration").on(sql`(${t.expiresAt} - ${t.createdAt})`),
]);

/**
 * What a user did in a call: "bought" (a purchase naming it), "done" (its expiry wrote a
 * missed-call row), "refused" (a halt or limit refused their order during it: server/calls/answers.ts).
 * A text column: a new value needs no migration.
 */
export const CALL_OUTCOMES = ["bought", "done", "refused"] as const;

/** One row per (call, user): the unique key is what makes expiry idempotent. */
export const callOutcomes = pgTable("call_outcomes", {
  callId: text("call_id").notNull().references(() => calls.id),
  userId: integer("user_id").notNull().references(() => users.id),
  outcome: text("outcome", { enum: CALL_OUTCOMES }).notNull(),
  transactionId: bigint("transaction_id", { mode: "number" }).references(() => transactions.id),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.callId, t.userId] })]);

/**
 * Each recipient of a call and where they stand in it (server/calls/recipients.ts): written for
 * every member the call concerns when it is sent, moved on by their notice, order, refusal or
 * missed-call row. The board's money is read from the transactions, never kept here.
 */
export const callRecipients = pgTable("call_recipients", {
  callId: text("call_id").notNull().references(() => calls.id),
  userId: integer("user_id").notNull().references(() => users.id),
  /** calls.created_at, so a user's calls around a trade's time are found through one index. */
  callAt: timestamp("call_at", { withTimezone: true }).notNull(),
  /** The recipient's pair when the call came: the history's pair filter. */
  pair: text("pair").notNull(),
  state: text("state", { enum: RECIPIENT_STATES }).notNull().default("notified"),
  delivery: text("delivery", { enum: DELIVERIES }).notNull(),
  seenAt: timestamp("seen_at", { withTimezone: true }),
  /** traded: from the call to the first order on its side. */
  reactionMs: integer("reaction_ms"),
  /** traded: the first order's row; missed: the missed-call row. No reference: rows may be deleted. */
  transactionId: bigint("transaction_id", { mode: "number" }),
  /** refused: the coded reason (halts.*, limits.*, calls.exchangeRefused). */
  reason: jsonb("reason").$type<{ code: string; params: Record<string, string | number> }>(),
  /**
   * What the user's counted trades (reports/books.ts counted) created while the call ran realized:
   * set on insert and kept by a trigger on transactions (drizzle/0023), so the figures and the End
   * of Shift report read it instead of summing each line's trades (docs/reports.md#speed).
   */
  result: numeric("result").notNull().default("0"),
}, (t) => [
  primaryKey({ columns: [t.callId, t.userId] }),
  index("call_recipients_user").on(t.userId, t.callAt),
  // Everyone's lines of a range (the per-person figures, the End of Shift report): read by their
  // calls' time, not by looking up each call's lines.
  index("call_recipients_call_at").on(t.callAt),
  // The followed lines' reaction times, for the figures' median (not a sum: it cannot be kept by
  // day): each user's of a range read from the index alone, already grouped by user.
  index("call_recipients_traded").on(t.userId, t.callAt, t.reactionMs)
    .where(sql`${t.state} = 'traded'`),
]);

/**
 * Per UTC day of the call and recipient, their lines: how many, how many followed and what they
 * made (call_recipients.result). Kept by triggers on call_recipients and calls (drizzle/0023); the
 * figures read whole days here and only a day the range cuts from the lines.
 */
export const callUserDays = pgTable("call_user_days", {
  day: date("day", { mode: "string" }).notNull(),
  userId: integer("user_id").notNull(),
  received: integer("received").notNull(),
  followed: integer("followed").notNull(),
  result: numeric("result").notNull(),
}, (t) => [primaryKey({ columns: [t.day, t.userId] })]);

/**
 * Per UTC day and sender (id and the name on the call) the same for their calls' lines, and how
 * many of their calls had lines (`sent`, as the figures count them).
 */
export const callLeadDays = pgTable("call_lead_days", {
  day: date("day", { mode: "string" }).notNull(),
  leadId: integer("lead_id").notNull(),
  leadName: text("lead_name").notNull(),
  sent: integer("sent").notNull(),
  recipients: integer("recipients").notNull(),
  followed: integer("followed").notNull(),
  result: numeric("result").notNull(),
}, (t) => [primaryKey({ columns: [t.day, t.leadId, t.leadName] })]);

export const shifts = pgTable("shifts", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  timeStart: timestamp("time_start", { withTimezone: true }).notNull(),
  timeEnd: timestamp("time_end", { withTimezone: true }).notNull(),
  interval: integer("interval").notNull(),
  userIds: integer("user_ids").array().notNull().default(sql`'{}'::integer[]`),
  createdBy: integer("created_by").references(() => users.id),
  createdAt: createdAt(),
});

export const shiftReports = pgTable("shift_reports", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  userId: integer("user_id").notNull().references(() => users.id),
  reportDate: date("report_date").notNull(),
  account: text("account").notNull(),
  usdtIn: money("usdt_in").notNull().default("0"),
  usdtOut: money("usdt_out").notNull().default("0"),
  btcIn: money("btc_in").notNull().default("0"),
  btcOut: money("btc_out").notNull().default("0"),
  ethIn: money("eth_in").notNull().default("0"),
  ethOut: money("eth_out").notNull().default("0"),
  gtIn: money("gt_in").notNull().default("0"),
  gtOut: money("gt_out").notNull().default("0"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index("shift_reports_user_date").on(t.userId, t.reportDate)]);

/** One-minute candles recorded from the market feed, for the offline price history. */
export const candles = pgTable("candles", {
  exchange: text("exchange").notNull(),
  pair: text("pair").notNull(),
  openTime: timestamp("open_time", { withTimezone: true }).notNull(),
  open: money("open").notNull(),
  high: money("high").notNull(),
  low: money("low").notNull(),
  close: money("close").notNull(),
  volume: money("volume").notNull().default("0"),
}, (t) => [primaryKey({ columns: [t.exchange, t.pair, t.openTime] })]);

export const HALT_SCOPES = ["all", "exchange", "user"] as const;

/** A stop on new orders (server/trading-halts/): active until releasedAt is set. */
export const tradingHalts = pgTable("trading_halts", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  scope: text("scope", { enum: HALT_SCOPES }).notNull(),
  exchange: exchangeEnum("exchange"),
  userId: integer("user_id").references(() => users.id),
  reason: text("reason").notNull(),
  /** Also stops the bot worker's closing orders; by default only opening stops. */
  stopsClosing: boolean("stops_closing").notNull().default(false),
  createdBy: integer("created_by").notNull().references(() => users.id),
  createdAt: createdAt(),
  releasedBy: integer("released_by").references(() => users.id),
  releasedAt: timestamp("released_at", { withTimezone: true }),
}, (t) => [index("trading_halts_active").on(t.id).where(sql`${t.releasedAt} is null`)]);

/** An Admin's caps on one user's orders on one exchange, in the quote currency. */
export const tradingLimits = pgTable("trading_limits", {
  userId: integer("user_id").notNull().references(() => users.id),
  exchange: exchangeEnum("exchange").notNull(),
  maxPerOrder: money("max_per_order"),
  maxPerDay: money("max_per_day"),
  updatedBy: integer("updated_by").references(() => users.id),
  updatedAt: updatedAt(),
}, (t) => [primaryKey({ columns: [t.userId, t.exchange] })]);

/** A browser's Web Push subscription (one per device and browser) for a user's call notices. */
export const pushSubscriptions = pgTable("push_subscriptions", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  userId: integer("user_id").notNull().references(() => users.id),
  endpoint: text("endpoint").notNull(),
  p256dh: text("p256dh").notNull(),
  auth: text("auth").notNull(),
  /** The language the notices are worded in: the client's when it subscribed. */
  lang: text("lang").notNull().default("en"),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex("push_subscriptions_endpoint").on(t.endpoint),
  index("push_subscriptions_user").on(t.userId),
]);

/** Which calls reach a user's devices, and when not. No row: every call, at any hour. */
export const pushSettings = pgTable("push_settings", {
  userId: integer("user_id").primaryKey().references(() => users.id),
  /** Call kinds that notify: BUY, SELL, BUY_ONLY, SELL_ONLY, RING_ONLY, PAIR (pairs and ALL). */
  targets: text("targets").array().notNull(),
  /** "HH:MM" in timeZone; the quiet hours may run past midnight. */
  quietStart: text("quiet_start"),
  quietEnd: text("quiet_end"),
  timeZone: text("time_zone").notNull().default("UTC"),
  updatedAt: updatedAt(),
});

/**
 * Answers to order requests sent with an Idempotency-Key (server/idempotency/): a retry with the
 * same key gets the first answer. `status` is null while the first request runs.
 */
export const idempotencyKeys = pgTable("idempotency_keys", {
  userId: integer("user_id").notNull().references(() => users.id),
  key: text("key").notNull(),
  route: text("route").notNull(),
  status: integer("status"),
  body: text("body"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.userId, t.key] }),
  index("idempotency_keys_created").on(t.createdAt),
]);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/** Uploaded images and PDFs (POST /media/upload), kept in the database so every instance serves them. */
export const media = pgTable("media", {
  id: text("id").primaryKey(),
  /** The sniffed type, never the one the client claimed. */
  contentType: text("content_type").notNull(),
  /** The client's file name, cleaned, for Content-Disposition. */
  name: text("name").notNull(),
  size: integer("size").notNull(),
  data: bytea("data").notNull(),
  uploadedBy: integer("uploaded_by").notNull().references(() => users.id),
  createdAt: createdAt(),
});
