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
import { until } from "../support/until.ts";

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
    // The note's code is fetched on the first pointer-over and the badge swapped for the tooltip;
    // once in a full suite run (1 of 4) the note did not show after that first hover. A person
    // moves the pointer off and back: so does the test, a few times at most.
    const note = page.getByText(`Binance has not confirmed order tx${id} yet`);
    await until(
      async () => {
        await page.mouse.move(0, 0);
        await badge.hover();
        return await note.waitFor({ timeout: 5000 }).then(() => true, () => false);
      },
      30_000,
      "the pending order's note on hover",
    );

    assert.equal((await new OrderResolver(server.deps).settleDue()).filled, 1);
    await badge.waitFor({ state: "detached" });
    assert.equal(await row.getByTestId("transaction-status").textContent(), "BUY");
  },
);
