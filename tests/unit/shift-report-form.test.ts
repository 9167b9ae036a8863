import assert from "node:assert/strict";
import { shiftReportSchema } from "../../server/shift-reports/schema.ts";
import { shiftSummaryLines } from "../../server/shift-reports/summary.shared.ts";

Deno.test("shiftReportSchema sends empty and missing amounts as 0 and keeps decimals exact", () => {
  const parsed = shiftReportSchema.parse({
    account: "ACC",
    usdtIn: "",
    usdtOut: "0.10000000",
    btcIn: 2,
    ethIn: null,
  });
  assert.deepEqual(parsed, {
    account: "ACC",
    usdtIn: "0",
    usdtOut: "0.1",
    btcIn: "2",
    btcOut: "0",
    ethIn: "0",
    ethOut: "0",
    gtIn: "0",
    gtOut: "0",
  });
});

Deno.test("shiftReportSchema refuses a blank account with 'Required'", () => {
  const result = shiftReportSchema.safeParse({ account: "  " });
  assert.equal(result.success, false);
  assert.equal(result.error?.issues[0].message, "Required");
});

Deno.test("shiftSummaryLines() lists the account and every amount, one per line", () => {
  const values = shiftReportSchema.parse({ account: "ACC", usdtIn: "12.5", gtOut: "3" });
  assert.deepEqual(shiftSummaryLines(values, { username: "alice", date: "2026-01-01" }), [
    "Shift report 2026-01-01 - alice",
    "Account: ACC",
    "USDT In: 12.5",
    "USDT Out: 0",
    "BTC In: 0",
    "BTC Out: 0",
    "ETH In: 0",
    "ETH Out: 0",
    "GT In: 0",
    "GT Out: 3",
  ]);
});
