// Reconciliation in the browser: an Admin at a desk (1440 px) runs the checks and sees a drift with
// its asset and rows; another Admin on a phone (390 px) gets the banner pushed over the socket, and
// both lose it when the drift is acknowledged. A Lead sees neither the banner nor the page.
import assert from "node:assert/strict";
import { and, eq, sql } from "drizzle-orm";
import { paperBalances } from "../../server/db/schema.ts";
import { buyBody, giveKeys } from "../api/transactions-fixtures.ts";
import { signInToDashboard } from "./support/browser.ts";
import { e2eTest } from "./support/e2e-test.ts";

const DESK = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

e2eTest(
  "reconciliation: a drift shows on the page with its rows, is pushed to every Admin's banner, and clears when acknowledged",
  async ({ server, browser }) => {
    server.market.sim("binance")!.setPrice("btc_usdt", "60000.00");
    const admin = await server.user("Admin", "recon_admin");
    const other = await server.user("SuperAdmin", "recon_super");
    const lead = await server.user("Lead", "recon_lead");
    await giveKeys(server, lead.id, "binance");
    const buy = async () => {
      const res = await server.call("POST", "/api/transaction", {
        token: lead.token,
        body: buyBody(server, { amount: "600" }),
      });
      assert.equal(res.status, 201);
      return (await res.json()).transaction;
    };
    await buy();
    assert.equal(
      (await server.call("POST", "/api/reconciliation/run", { token: admin.token })).status,
      200,
    );
    server.clock.advance(60_000);
    const bought = await buy();
    await server.deps.db.update(paperBalances)
      .set({ free: sql`${paperBalances.free} + 5` })
      .where(and(eq(paperBalances.account, `user:${lead.id}`), eq(paperBalances.asset, "USDT")));
    server.clock.advance(1_000);

    const phone = await (await browser.newContext({ viewport: PHONE })).newPage();
    await signInToDashboard(phone, server, other);
    const leadPage = await (await browser.newContext({ viewport: DESK })).newPage();
    await signInToDashboard(leadPage, server, lead);

    const page = await (await browser.newContext({ viewport: DESK })).newPage();
    await signInToDashboard(page, server, admin);
    assert.equal(await page.getByTestId("drift-banner").count(), 0);
    await page.getByTestId("sidebar").getByText("Reconciliation").click();
    await page.waitForURL("**/reconciliation");
    await page.getByTestId("recon-run").click();

    const card = page.getByTestId(`recon-check-user:${lead.id}`);
    await card.getByTestId("recon-state").getByText("Drift").waitFor();
    const drift = card.getByTestId("recon-drift");
    await drift.getByText("USDT").waitFor();
    await drift.getByText("5", { exact: true }).waitFor();
    await card.getByTestId(`recon-row-${bought.id}`).getByText("Opening fill").waitFor();
    await page.getByTestId("drift-banner").getByText("1 account holds balances").waitFor();

    // Pushed to the other Admin, on a phone, without a reload; the page fits its width.
    await phone.getByTestId("drift-banner").waitFor({ timeout: 2000 });
    await phone.getByTestId("drift-banner").getByRole("link").click();
    await phone.waitForURL("**/reconciliation");
    await phone.getByTestId(`recon-check-user:${lead.id}`).getByTestId("recon-ack").waitFor();
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `the page is ${width} px wide on a 390 px phone`);

    await card.getByTestId("recon-ack").click();
    await card.getByTestId("recon-state").getByText("Acknowledged").waitFor();
    await card.getByText("Acknowledged by recon_admin").waitFor();
    await page.getByTestId("drift-banner").waitFor({ state: "detached" });
    await phone.getByTestId("drift-banner").waitFor({ state: "detached", timeout: 2000 });

    // A Lead has neither the banner nor the page.
    assert.equal(await leadPage.getByTestId("drift-banner").count(), 0);
    assert.equal(await leadPage.getByTestId("sidebar").getByText("Reconciliation").count(), 0);
    await leadPage.goto(server.baseUrl + "/reconciliation");
    await leadPage.getByText("404").first().waitFor();
  },
);
