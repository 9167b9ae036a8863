// Bot keys are shared accounts, so BUYs and SELLs on one paper account side by side are the normal
// case: they must neither deadlock (on PostgreSQL) nor lose a satoshi.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { dec } from "../../server/core/decimal.shared.ts";
import { paperBalances, paperOrders, transactions } from "../../server/db/schema.ts";
import { balancesAfter } from "../support/paper-ledger.ts";
import { makeTestApp } from "../support/test-app.ts";
import { buyBody, giveKeys, setUser } from "./transactions-fixtures.ts";

const CLIENTS = 4;
const ORDERS = 20;

Deno.test("paper: BUY and SELL clients on one account side by side: no error, no deadlock, balances equal the rows", async () => {
  const t = await makeTestApp({ PAPER_START_BALANCES: "USDT:100000,BTC:2" });
  const warn = console.warn;
  const warnings: string[] = [];
  console.warn = (...args: unknown[]) => void warnings.push(args.join(" "));
  try {
    const lead = await t.user("Lead");
    await giveKeys(t, lead.id, "binance");
    await setUser(t, lead.id, { coinTradingAmount: "0.001" });
    const client = async (side: "BUY" | "SELL") => {
      const statuses: number[] = [];
      for (let i = 0; i < ORDERS; i++) {
        const body = side === "BUY"
          ? buyBody(t, { amount: "60" })
          : buyBody(t, { status: "SELL", useBot: "sell_buy" });
        const res = await t.call("POST", "/api/transaction", { token: lead.token, body });
        await res.body?.cancel();
        statuses.push(res.status);
      }
      return statuses;
    };
    const clients = Array.from({ length: CLIENTS }, () => [client("BUY"), client("SELL")]).flat();
    const statuses = (await Promise.all(clients)).flat();
    assert.deepEqual(statuses.filter((s) => s !== 201), []);
    assert.deepEqual(warnings.filter((w) => /40P01|40001/.test(w)), []);

    const rows = await t.deps.db.select().from(transactions)
      .where(eq(transactions.userId, lead.id));
    assert.equal(rows.length, CLIENTS * ORDERS * 2);
    // The exchange's own record of each fill (quantities on its lot grid, the fee taken from what
    // it bought) against the balances.
    const fills = await t.deps.db.select().from(paperOrders)
      .where(eq(paperOrders.account, `user:${lead.id}`));
    assert.equal(fills.length, rows.length);
    const balances = Object.fromEntries(
      (await t.deps.db.select().from(paperBalances)
        .where(eq(paperBalances.account, `user:${lead.id}`)))
        .map((b) => [b.asset, dec(b.free).toFixed()]),
    );
    assert.deepEqual(balances, balancesAfter({ USDT: "100000", BTC: "2" }, fills));
  } finally {
    console.warn = warn;
    await t.close();
  }
});
