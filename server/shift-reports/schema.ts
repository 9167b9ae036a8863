// Shift report input rules (docs/shifts.md#shift-report-form), shared by the server routes and the
// client's Shift Report form: no server-only imports here.
import { z } from "zod";
import { idParam } from "../core/input-rules.ts";
import { dec } from "../core/decimal.shared.ts";
import { fillParams, SERVER_MESSAGES } from "../core/messages.shared.ts";

export const SHIFT_AMOUNT_FIELDS = [
  "usdtIn",
  "usdtOut",
  "btcIn",
  "btcOut",
  "ethIn",
  "ethOut",
  "gtIn",
  "gtOut",
] as const;

export type ShiftAmountField = (typeof SHIFT_AMOUNT_FIELDS)[number];

/** Stored as NUMERIC(38, 8): at most 30 integer digits. */
export const SHIFT_AMOUNT_MAX = "999999999999999999999999999999";

const AMOUNT_MESSAGE = SERVER_MESSAGES["input.amount8"];

/** A decimal string or number; empty means 0 (the form sends empty fields as 0). */
export const shiftAmountField = z.union([z.number(), z.string().trim(), z.null()])
  .transform((v, ctx) => {
    if (v === null || v === "") return "0";
    if (typeof v === "number" ? !Number.isFinite(v) : !/^\d+(\.\d+)?$/.test(v)) {
      ctx.addIssue({ code: "custom", message: AMOUNT_MESSAGE });
      return z.NEVER;
    }
    const d = dec(v);
    if (d.lt(0) || d.gt(SHIFT_AMOUNT_MAX) || d.decimalPlaces() > 8) {
      ctx.addIssue({ code: "custom", message: AMOUNT_MESSAGE });
      return z.NEVER;
    }
    return d.toFixed();
  });

export const accountField = z.string({ error: "Required" }).trim().min(1, "Required")
  .max(100, fillParams(SERVER_MESSAGES["input.atMostChars"], { max: 100 }));

const amounts = Object.fromEntries(
  SHIFT_AMOUNT_FIELDS.map((f) => [f, shiftAmountField.default("0")]),
) as Record<ShiftAmountField, z.ZodDefault<typeof shiftAmountField>>;

export const shiftReportSchema = z.object({ account: accountField, ...amounts });

export const shiftReportUpdateSchema = z.object({
  account: accountField.optional(),
  ...Object.fromEntries(SHIFT_AMOUNT_FIELDS.map((f) => [f, shiftAmountField.optional()])) as Record<
    ShiftAmountField,
    z.ZodOptional<typeof shiftAmountField>
  >,
});

export const shiftReportIdParamSchema = z.object({ id: idParam });

export type ShiftReportInput = z.input<typeof shiftReportSchema>;
export type ShiftReportValues = z.output<typeof shiftReportSchema>;

/** A shift report as the API returns it; amounts are decimal strings. */
export interface ShiftReportView extends ShiftReportValues {
  id: number;
  userId: number;
  username: string;
  reportDate: string;
  createdAt: string;
  updatedAt: string;
}

// What the routes answer: ShiftReportView above.
export const shiftReportViewSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  reportDate: z.string(),
  account: z.string(),
  ...Object.fromEntries(SHIFT_AMOUNT_FIELDS.map((f) => [f, z.string()])) as Record<
    (typeof SHIFT_AMOUNT_FIELDS)[number],
    z.ZodString
  >,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
