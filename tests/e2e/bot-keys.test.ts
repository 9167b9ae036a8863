import assert from "node:assert/strict";
import { botKeys, transactions } from "../../server/db/schema.ts";
import { botKeyRow } from "../api/bot-keys-fixtures.ts";
import { E2E_OPTS, launchBrowser, openTrading, signInToDashboard } from "./support/browser.ts";
import { startE2EServer, untilUserRow } from "./support/server.ts";
import { until } from "../support/until.ts";

Deno.test({
  name:
    "bot keys: a SuperAdmin adds two paper bot keys, a Lead selects both and presses BUY, two transactions appear",
  ...E2E_OPTS,
  async fn() {
    const server = await startE2EServer();
    server.market.sim("binance")!.setPrice("btc_usdt", "60000.00");
    const browser = await launchBrowser();
    try {
      const admin = await server.user("SuperAdmin");
      const lead = await server.user("Lead");
      const res = await server.call("PATCH", `/api/users/${lead.id}`, {
        token: admin.token,
        body: { tradingAmount: "120" },
      });
      assert.equal(res.status, 200, await res.text());

      // The SuperAdmin reaches the Binance pool from the sidebar and adds two keys.
      const page = await browser.newPage();
      await signInToDashboard(page, server, admin);
      await page.getByTestId("sidebar").getByText("Bot Keys").click();
      await page.getByTestId("sidebar").getByText("Binance").click();
      await page.waitForURL("**/bot-keys/binance");
      await page.getByTestId("bot-keys-title").getByText("Bot Keys: Binance").waitFor();
      for (const name of ["bot_alpha", "bot_beta"]) {
        await page.getByTestId("bot-key-add").click();
        await page.getByTestId("bot-key-username").fill(name);
        await page.getByTestId("bot-key-key").fill(`${name}-api-key`);
        await page.getByTestId("bot-key-secret").fill(`${name}-api-secret`);
        await page.getByTestId("bot-key-submit").click();
        await page.getByTestId(`bot-key-row-${name}`).waitFor();
      }
      await page.getByText("Update Success!").first().waitFor();
      const rows = await server.deps.db.select().from(botKeys).orderBy(botKeys.id);
      assert.deepEqual(rows.map((r) => [r.username, r.exchange, r.adapter]), [
        ["bot_alpha", "binance", "paper"],
        ["bot_beta", "binance", "paper"],
      ]);
      assert.equal(await server.deps.secretBox.open(rows[0].secret), "bot_alpha-api-secret");
      const alphaRow = page.getByTestId("bot-key-row-bot_alpha");
      await alphaRow.getByText("********").first().waitFor();
      assert.ok(!(await page.content()).includes("bot_alpha-api-secret"));

      // Editing: masks clear on focus and come back when left empty; nothing typed sends nothing.
      await page.getByTestId("bot-key-edit-bot_alpha").click();
      const key = page.getByTestId("bot-key-key");
      assert.equal(await key.inputValue(), "********");
      await key.focus();
      assert.equal(await key.inputValue(), "");
      await page.getByTestId("bot-key-username").focus();
      assert.equal(await key.inputValue(), "********");
      await page.getByTestId("bot-key-submit").click();
      await page.getByTestId("bot-key-submit").waitFor({ state: "detached" });
      assert.deepEqual(await botKeyRow(server, rows[0].id), rows[0]);
      // A new secret alone is sent; the key stays.
      await page.getByTestId("bot-key-edit-bot_alpha").click();
      await page.getByTestId("bot-key-secret").fill("rotated-secret");
      await page.getByTestId("bot-key-submit").click();
      await page.getByTestId("bot-key-submit").waitFor({ state: "detached" });
      await until(
        async () => {
          const r = await botKeyRow(server, rows[0].id);
          return await server.deps.secretBox.open(r.secret) === "rotated-secret" &&
            r.key === rows[0].key;
        },
        10_000,
        "the new secret to be stored",
        50,
      );

      // The balance view of one entry: the paper account's start balances.
      await page.getByTestId("bot-key-balance-bot_beta").click();
      await page.getByTestId("bot-balance-USDT").getByText("100000").waitFor();
      await page.keyboard.press("Escape");
      // On a phone the balances are cards, each amount beside its column's name.
      const desk = page.viewportSize()!;
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId("bot-key-balance-bot_beta").click();
      await page.locator("li[data-testid=bot-balance-USDT]").getByText("100000").waitFor();
      assert.ok(await page.getByTestId("bot-balance-table").locator("dt").count() >= 3);
      await page.keyboard.press("Escape");
      await page.setViewportSize(desk);

      // The Lead selects both keys in the topbar and presses BUY once.
      const leadPage = await (await browser.newContext()).newPage();
      await openTrading(leadPage, server, lead);
      await leadPage.getByTestId("bot-selector").getByText("Bots (0)").click();
      await leadPage.getByTestId("bot-option-bot_alpha").check();
      await leadPage.getByTestId("bot-selector").getByText("Bots (1)").waitFor();
      await leadPage.getByTestId("bot-option-bot_beta").check();
      await leadPage.getByTestId("bot-selector").getByText("Bots (2)").waitFor();
      await untilUserRow(
        server,
        lead.id,
        (u) => u.selectBots.join() === rows.map((r) => r.id).join(),
        "both keys to be saved as the Lead's selectBots",
      );
      await leadPage.getByTestId("bot-option-bot_beta").and(leadPage.locator(":enabled")).waitFor();
      await leadPage.keyboard.press("Escape");

      await leadPage.getByTestId("buy-button").click();
      const done = leadPage.getByTestId("tab-BUY").getByText("BUY (2)");
      const dialog = leadPage.getByTestId("trade-dialog");
      await done.or(dialog).first().waitFor();
      if (await dialog.isVisible()) assert.fail(`BUY failed: ${await dialog.textContent()}`);
      const listed = leadPage.getByTestId("transactions-BUY").locator("tbody tr");
      assert.equal(await listed.count(), 2);
      const placed = await server.deps.db.select().from(transactions).orderBy(transactions.id);
      assert.deepEqual(placed.map((t) => [t.userId, t.status, t.adapter, t.botKeyId]), [
        [lead.id, "BUY", "paper", rows[0].id],
        [lead.id, "BUY", "paper", rows[1].id],
      ]);
      for (const tx of placed) {
        await listed.and(leadPage.getByTestId(`transaction-${tx.id}`)).waitFor();
      }

      // The pages are the SuperAdmin's: for a Lead they are not there; nor is an unknown exchange.
      await leadPage.goto(server.baseUrl + "/bot-keys/gate");
      await leadPage.getByTestId("error-404").waitFor();
      await page.goto(server.baseUrl + "/bot-keys/houbi");
      await page.getByTestId("bot-keys-title").getByText("Bot Keys: Houbi").waitFor();
      await page.goto(server.baseUrl + "/bot-keys/kraken");
      await page.getByTestId("error-404").waitFor();
    } finally {
      await browser.close();
      await server.close();
    }
  },
});
