// What the reconciliation routes take and answer; the client imports the types.
import { z } from "zod";
import { idParam } from "../core/input-rules.ts";
import type { MessageCode, MessageParams } from "../core/messages.shared.ts";

export const checkIdParamSchema = z.object({ id: idParam });

export type CheckState = "ok" | "drift" | "error";

/** One row of the ledger a check counted, or an order in flight it could not count. */
export interface CheckRowView {
  id: number;
  pair: string;
  /** The opening fill, the closing fill, an opening order pending, a closing order claimed. */
  leg: "open" | "close" | "pending" | "closing";
  side: "BUY" | "SELL";
  /** Base quantity: filled, or asked for while in flight. */
  quantity: string;
  /** Average fill price; null while in flight. */
  price: string | null;
  fee: string | null;
  feeAsset: string | null;
  /** Epoch ms of the fill, or of the order while in flight. */
  at: number;
}

export interface AssetDrift {
  asset: string;
  /** Free + locked on the exchange. */
  actual: string;
  /** The checkpoint plus the fills since. */
  expected: string;
  /** actual − expected. */
  difference: string;
}

export interface CheckView {
  id: number;
  account: string;
  owner: { kind: "user" | "bot"; id: number; name: string | null };
  /** "none" for a paper account (one ledger on every exchange). */
  exchange: string;
  adapter: string;
  checkedAt: number;
  state: CheckState;
  /** No checkpoint before it: this check is the account's first checkpoint. */
  first: boolean;
  balances: { asset: string; free: string; locked: string }[];
  drift: AssetDrift[];
  /** Why the balances could not be read (state "error"), coded for the client to word. */
  error: { text: string; code?: MessageCode; params?: MessageParams } | null;
  /** The rows the check counted (the first ROWS_SHOWN), and how many there are. */
  transactions: CheckRowView[];
  transactionCount: number;
  acknowledgedBy: string | null;
  acknowledgedAt: number | null;
}

export interface ReconciliationView {
  /** The latest check of each account. */
  checks: CheckView[];
  /** Accounts whose latest check is a drift nobody acknowledged. */
  openDrifts: number;
}

// The same views as zod schemas, for the OpenAPI document and the tests that hold answers to it.
const checkViewSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  owner: z.object({
    kind: z.enum(["user", "bot"]),
    id: z.number().int(),
    name: z.string().nullable(),
  }),
  exchange: z.string(),
  adapter: z.string(),
  checkedAt: z.number(),
  state: z.enum(["ok", "drift", "error"]),
  first: z.boolean(),
  balances: z.array(z.object({ asset: z.string(), free: z.string(), locked: z.string() })),
  drift: z.array(z.object({
    asset: z.string(),
    actual: z.string(),
    expected: z.string(),
    difference: z.string(),
  })),
  error: z.object({
    text: z.string(),
    code: z.string().optional(),
    params: z.record(z.string(), z.unknown()).optional(),
  }).nullable(),
  transactions: z.array(z.object({
    id: z.number().int(),
    pair: z.string(),
    leg: z.enum(["open", "close", "pending", "closing"]),
    side: z.enum(["BUY", "SELL"]),
    quantity: z.string(),
    price: z.string().nullable(),
    fee: z.string().nullable(),
    feeAsset: z.string().nullable(),
    at: z.number(),
  })),
  transactionCount: z.number().int(),
  acknowledgedBy: z.string().nullable(),
  acknowledgedAt: z.number().nullable(),
});

export { checkViewSchema };

export const reconciliationViewSchema = z.object({
  checks: z.array(checkViewSchema),
  openDrifts: z.number().int(),
});
