import assert from "node:assert/strict";
import { openTrading, signInToDashboard } from "./support/browser.ts";
import { setUser } from "../api/transactions-fixtures.ts";
import { e2eTest } from "./support/e2e-test.ts";

e2eTest(
  "halts: an Admin halts trading from the controls page; another user's banner shows it at once",
  async ({ server, browser }) => {
    const admin = await server.user("Admin", "halt_admin");
    const user = await server.user("User", "halted_user");
    const userPage = await (await browser.newContext()).newPage();
    await signInToDashboard(userPage, server, user);
    // Italian: the banner follows the user's language.
    await userPage.evaluate(() => localStorage.setItem("gatebot.lang", "it"));
    await userPage.reload();
    await userPage.getByTestId("footer").waitFor();
    assert.equal(await userPage.getByTestId("halt-banner").count(), 0);

    const page = await (await browser.newContext()).newPage();
    await signInToDashboard(page, server, admin);
    await page.getByTestId("sidebar").getByText("Trading Controls").click();
    await page.waitForURL("**/trading-controls");
    await page.getByTestId("halt-submit").click();
    await page.getByText("Required").waitFor();
    await page.getByTestId("halt-scope").selectOption("exchange");
    await page.getByTestId("halt-exchange").selectOption("gate");
    await page.getByTestId("halt-reason").fill("Gate incident");
    // HALT asks first, showing the banner it will put up; backing out halts nothing.
    const dialog = page.getByRole("dialog");
    await page.getByTestId("halt-submit").click();
    await dialog.getByText("Trading on Gate is halted: Gate incident").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByTestId("halts-none").waitFor();
    await page.getByTestId("halt-submit").click();
    // The dialog's last button confirms.
    await dialog.getByRole("button").last().click();

    const started = performance.now();
    await userPage.getByTestId("halt-banner")
      .getByText("Il trading su Gate è sospeso: Gate incident").waitFor({ timeout: 1000 });
    assert.ok(performance.now() - started < 1000);
    await page.getByTestId("halt-banner").getByText("Trading on Gate is halted").waitFor();

    // Release asks too, naming the halt it ends.
    await page.getByTestId("halt-release").click();
    await dialog.getByText("Trading on Gate is halted: Gate incident").waitFor();
    assert.equal(await userPage.getByTestId("halt-banner").count(), 1);
    await dialog.getByRole("button").last().click();
    await userPage.getByTestId("halt-banner").waitFor({ state: "detached", timeout: 1000 });
    await page.getByTestId("halts-none").waitFor();

    // A limit set on the same page is listed and enforced by the server.
    await page.getByTestId("limit-user").selectOption({ label: "halted_user" });
    await page.getByTestId("limit-per-order").fill("-5");
    await page.getByTestId("limit-submit").click();
    await page.getByText("Enter an amount above 0").waitFor();
    await page.getByTestId("limit-per-order").fill("500");
    await page.getByTestId("limit-submit").click();
    await page.getByTestId("limits-table").getByText("halted_user").waitFor();
    const limits = await (await server.call("GET", "/api/trading-limits", { token: admin.token }))
      .json();
    assert.deepEqual(
      limits.map((l: { exchange: string; maxPerOrder: string }) => [l.exchange, l.maxPerOrder]),
      [["binance", "500.00000000"]],
    );

    // A User has no controls page.
    assert.equal(await userPage.getByTestId("sidebar").getByText("Controllo trading").count(), 0);
  },
);

e2eTest(
  "halts: BUY and SELL are refused during a halt, with the reason in the trader's language",
  async ({ server, browser }) => {
    const admin = await server.user("Admin");
    const lead = await server.user("Lead");
    await setUser(server, lead.id, { tradingAmount: "100", spread: "1" });
    const page = await browser.newPage();
    await openTrading(page, server, lead);
    await page.evaluate(() => localStorage.setItem("gatebot.lang", "it"));
    await page.reload();
    await page.getByTestId("live-price").waitFor();
    const res = await server.call("POST", "/api/trading-halts", {
      token: admin.token,
      body: { scope: "all", reason: "Feed guasto" },
    });
    assert.equal(res.status, 201);
    await page.getByTestId("halt-banner").waitFor();
    // Refused before the click: the buttons are disabled and say why (the server refuses as well,
    // tests/api/trading-halts.test.ts).
    await page.locator("[data-testid=buy-button][disabled][data-block=halt]").waitFor();
    assert.equal(await page.getByTestId("sell-button").isDisabled(), true);
    await page.getByTestId("trade-block-note").getByText("trading sospeso: Feed guasto").waitFor();
  },
);
