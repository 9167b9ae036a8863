// The client shows an opening order nobody could confirm as pending, and its resolution when the
// order resolver settles it (server/transactions/resolver.ts): the badge goes away with the
// transaction-changed event, no reload.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { transactions } from "../../server/db/schema.ts";
import { OrderResolver } from "../../server/transactions/resolver.ts";
import { buyBody, expectStatus, giveKeys } from "../api/transactions-fixtures.ts";
import { signInToDashboard } from "./support/browser.ts";
import { e2eTest } from "./support/e2e-test.ts";

e2eTest(
  "pending order: the list shows it pending with what it means, then as a trade once settled",
  async ({ server, browser }) => {
    const admin = await server.user("SuperAdmin");
    await giveKeys(server, admin.id, "binance");
    // A paper fill whose answer is taken back to pending, as if it had been lost.
    const placed = await expectStatus(server, 201, "POST", "/api/transaction", {
      token: admin.token,
      body: buyBody(server),
    });
    const id: number = placed.transaction.id;
    await server.deps.db.update(transactions).set({
      orderState: "pending",
      orderNote: "lost",
      orderCheckAt: server.clock.now(),
      filledQuantity: null,
    }).where(eq(transactions.id, id));

    const page = await browser.newPage();
    await signInToDashboard(page, server, admin);
    const row = page.getByTestId(`transaction-${id}`);
    const badge = row.getByTestId("transaction-order-state");
    await badge.waitFor();
    assert.equal(await badge.textContent(), "Pending");
    await badge.hover();
    await page.getByText(`Binance has not confirmed order tx${id} yet`).waitFor();

    assert.equal((await new OrderResolver(server.deps).settleDue()).filled, 1);
    await badge.waitFor({ state: "detached" });
    assert.equal(await row.getByTestId("transaction-status").textContent(), "BUY");
  },
);
