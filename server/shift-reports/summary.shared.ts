// The summary lines the Shift Report form puts on the clipboard on Copy and on Save.
import { SHIFT_AMOUNT_FIELDS, type ShiftAmountField, type ShiftReportValues } from "./schema.ts";

const LABELS: Record<ShiftAmountField, string> = {
  usdtIn: "USDT In",
  usdtOut: "USDT Out",
  btcIn: "BTC In",
  btcOut: "BTC Out",
  ethIn: "ETH In",
  ethOut: "ETH Out",
  gtIn: "GT In",
  gtOut: "GT Out",
};

export function shiftSummaryLines(
  report: ShiftReportValues,
  who: { username: string; date: string },
): string[] {
  return [
    `Shift report ${who.date} - ${who.username}`,
    `Account: ${report.account}`,
    ...SHIFT_AMOUNT_FIELDS.map((f) => `${LABELS[f]}: ${report[f]}`),
  ];
}

export const shiftSummaryText = (...args: Parameters<typeof shiftSummaryLines>) =>
  shiftSummaryLines(...args).join("\n");
