// Two browser contexts: a Lead calls BUY and a User in the same group answers it. The call's life
// is shortened with CALL_EXPIRY_MS so a run takes seconds, not 20.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { callOutcomes, transactions } from "../../server/db/schema.ts";
import { spreadSellPrice } from "../../server/transactions/pricing.shared.ts";
import { giveKeys, setUser } from "../api/transactions-fixtures.ts";
import { until } from "../support/until.ts";
import { openTrading } from "./support/browser.ts";
import { type E2EServer, untilUserRow } from "./support/server.ts";
import { e2eTest } from "./support/e2e-test.ts";

const EXPIRY_MS = 5000;

/** A Lead and a trading User (no bot mode yet), each signed in on its own browser context. */
async function setUp(server: E2EServer, browser: Browser) {
  const lead = await server.user("Lead");
  const user = await server.user("User");
  await setUser(server, user.id, { useBot: "none", tradingAmount: "100", spread: "1" });
  await giveKeys(server, user.id, "binance");
  const pages: Page[] = [];
  for (const who of [lead, user]) {
    const page = await (await browser.newContext()).newPage();
    await openTrading(page, server, who);
    pages.push(page);
  }
  // Both sockets are joined before anyone calls.
  const hub = server.deps.realtime!.hub;
  await until(
    () => [lead, user].every((u) => hub.connections.byUser.get(u.id).size > 0),
    10_000,
    "both sockets",
  );
  return { lead, user, leadPage: pages[0], userPage: pages[1] };
}

async function callBuy(leadPage: Page) {
  await leadPage.getByTestId("call-count").selectOption("2");
  await leadPage.getByTestId("call-target").selectOption("BUY");
  await leadPage.getByTestId("call-button").click();
  await leadPage.locator("[data-testid=call-button][data-glowing]").waitFor();
}

const userTransactions = (server: E2EServer, userId: number) =>
  server.deps.db.select().from(transactions).where(eq(transactions.userId, userId));

e2eTest(
  "calls: a Lead calls BUY, the User's BUY activates with the notice and a buy skips the auto-done",
  async ({ server, browser }) => {
    const { lead, user, leadPage, userPage } = await setUp(server, browser);
    assert.equal(await userPage.getByTestId("buy-button").isDisabled(), true);
    // Users have no call controls.
    assert.equal(await userPage.getByTestId("call-controls").count(), 0);

    await callBuy(leadPage);
    const notice = userPage.getByTestId("call-notice");
    await notice.getByText(`${lead.username} CALLING`).waitFor();
    await userPage.locator("[data-testid=call-notice][data-ringing]").waitFor();
    // BUY switched the User to buy_sell, which (with the active button) enables BUY only.
    await userPage.locator("[data-testid=buy-button]:not([disabled])").waitFor();
    assert.equal(await userPage.getByTestId("sell-button").isDisabled(), true);
    await untilUserRow(
      server,
      user.id,
      (u) => u.useBot === "buy_sell",
      "the bot mode to be saved",
    );

    await userPage.getByTestId("buy-button").click();
    await userPage.getByTestId("transactions-BUY").locator("tbody tr").first()
      .getByText("BTC/USDT").waitFor();

    // The expiry: the notice goes, BUY deactivates, the glow ends, and no done is made.
    await notice.waitFor({ state: "detached", timeout: EXPIRY_MS + 5000 });
    await userPage.locator("[data-testid=buy-button][disabled]").waitFor();
    await leadPage.locator("[data-testid=call-button]:not([data-glowing])").waitFor();
    await new Promise((r) => setTimeout(r, 1500));
    const rows = await userTransactions(server, user.id);
    assert.deepEqual(rows.map((r) => r.status), ["BUY"]);
    const outcomes = await server.deps.db.select().from(callOutcomes)
      .where(eq(callOutcomes.userId, user.id));
    assert.deepEqual(outcomes.map((o) => [o.outcome, o.transactionId]), [["bought", rows[0].id]]);
  },
  { CALL_EXPIRY_MS: EXPIRY_MS },
);

e2eTest(
  "calls: without a purchase the missed-call row appears, marked, after the call expires",
  async ({ server, browser }) => {
    const { user, leadPage, userPage } = await setUp(server, browser);
    await callBuy(leadPage);
    await userPage.getByTestId("call-notice").waitFor();
    await userPage.locator("[data-testid=buy-button]:not([disabled])").waitFor();

    await userPage.getByTestId("tab-ALL").click();
    const done = userPage.getByTestId("transactions-ALL").locator("[data-status=DONE]");
    await done.first().waitFor({ timeout: EXPIRY_MS + 5000 });
    await userPage.locator("[data-testid=buy-button][disabled]").waitFor();
    const rows = await userTransactions(server, user.id);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].status, "DONE");
    // Marked as what it is: a call let pass, not a trade.
    assert.equal(rows[0].kind, "missed_call");
    assert.equal(await done.first().getByTestId("transaction-kind").textContent(), "Missed call");
    assert.ok(rows[0].callId);
    // The prices come from the spread: buy_sell sells 1% above the market price.
    assert.equal(rows[0].sellPrice, spreadSellPrice(rows[0].buyPrice, "1"));
    assert.equal(rows[0].marketPrice, rows[0].buyPrice);
    const [outcome] = await server.deps.db.select().from(callOutcomes).where(
      and(eq(callOutcomes.userId, user.id), eq(callOutcomes.callId, rows[0].callId!)),
    );
    assert.equal(outcome.outcome, "done");

    // A failed bot order reaches this user only, as a dialog titled with action and id.
    server.deps.onTradeError!(user.id, {
      action: "SELL",
      transactionId: 77,
      message: "Rejected",
    });
    const dialog = userPage.getByRole("dialog");
    await dialog.getByText("SELL 77").waitFor();
    await dialog.getByText("Rejected").waitFor();
    assert.equal(await leadPage.getByRole("dialog").count(), 0);
  },
  { CALL_EXPIRY_MS: EXPIRY_MS },
);
