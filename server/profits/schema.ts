// Profit query rules, shared by the server and the /profit page: no server-only imports here.
import { z } from "zod";
import { epochMsField, pageShape } from "../core/input-rules.ts";
import { SERVER_MESSAGES } from "../core/messages.shared.ts";
import { pairFilterField } from "../reports/schema.ts";

const range = {
  start: epochMsField.optional(),
  end: epochMsField.optional(),
  pair: pairFilterField,
};

const startBeforeEnd = (r: { start?: number; end?: number }) =>
  r.start === undefined || r.end === undefined || r.start <= r.end;
const refinement = { message: SERVER_MESSAGES["input.startAfterEnd"], path: ["end"] };

/** GET /profits: a page of (day, user, pair) rows, newest day first. */
export const profitListQuerySchema = z.object({
  ...range,
  ...pageShape,
}).refine(startBeforeEnd, refinement);

/** POST /users/calculator-profit-csv: the same rows, every page, as CSV. */
export const profitCsvQuerySchema = z.object(range).refine(startBeforeEnd, refinement);

export type ProfitRange = z.output<typeof profitCsvQuerySchema>;
export type ProfitListQuery = z.output<typeof profitListQuerySchema>;

/**
 * One row of realized profit; amounts are decimal strings. trades to profit are the DONE round
 * trips with a result (server/reports/books.ts): quantity is their opening fills' base quantity,
 * buyAmount and sellAmount what their fills paid and received before fees, profit the sum of
 * their realizedPnl. notCounted* are the other trades (closed by hand, typed, one-sided, no
 * result) with what they would make at their targets; missed* the missed calls and what they
 * would have made.
 */
export interface ProfitRow {
  day: string;
  userId: number;
  username: string;
  pair: string;
  trades: number;
  quantity: string;
  buyAmount: string;
  sellAmount: string;
  profit: string;
  notCountedTrades: number;
  notCountedProfit: string;
  missedCalls: number;
  missedProfit: string;
}

/**
 * The DONE trades of a range that profit leaves out, by why; `profit` is what they would add at
 * their targets. oneSided: only_buy and only_sell rows (no round trip); unpriced: closed without a
 * result (no fill recorded, or a fee in an asset with no price).
 */
export interface NotCounted {
  trades: number;
  profit: string;
  typed: number;
  handClosed: number;
  edited: number;
  oneSided: number;
  unpriced: number;
}

/** Calls a user missed (kind missed_call): never traded; `profit` what they would have made. */
export interface MissedCalls {
  count: number;
  profit: string;
}

// What GET /profits answers: ProfitRow, NotCounted and MissedCalls above.
export const profitListSchema = z.object({
  items: z.array(z.object({
    day: z.string(),
    userId: z.number().int(),
    username: z.string(),
    pair: z.string(),
    trades: z.number().int(),
    quantity: z.string(),
    buyAmount: z.string(),
    sellAmount: z.string(),
    profit: z.string(),
    notCountedTrades: z.number().int(),
    notCountedProfit: z.string(),
    missedCalls: z.number().int(),
    missedProfit: z.string(),
  })),
  totalItems: z.number().int(),
  total: z.object({ trades: z.number().int(), profit: z.string() }),
  notCounted: z.object({
    trades: z.number().int(),
    profit: z.string(),
    typed: z.number().int(),
    handClosed: z.number().int(),
    edited: z.number().int(),
    oneSided: z.number().int(),
    unpriced: z.number().int(),
  }),
  missedCalls: z.object({ count: z.number().int(), profit: z.string() }),
});
