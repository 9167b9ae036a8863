import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { BotWorker } from "../../server/bot/worker.ts";
import { transactions, users } from "../../server/db/schema.ts";
import { setUser } from "../api/transactions-fixtures.ts";
import { E2E_OPTS, launchBrowser, openTrading, signInToDashboard } from "./support/browser.ts";
import { type E2EServer, startE2EServer, untilUserRow } from "./support/server.ts";
import { e2eTest } from "./support/e2e-test.ts";

const BINANCE_KEY = "vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A";
const BINANCE_SECRET = "NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j";

/** The trading settings a staff member would have: buy_sell with 100 USDT and a 1% spread. */
async function tradingUser(server: E2EServer, role: "SuperAdmin" | "User") {
  const user = await server.user(role);
  // Amounts and spread are set by an Admin or SuperAdmin (server/users/schema.ts SELF_FIELDS).
  const setter = role === "SuperAdmin" ? user : await server.user("SuperAdmin");
  const res = await server.call("PATCH", `/api/users/${user.id}`, {
    token: setter.token,
    body: { useBot: "buy_sell", tradingAmount: "100", spread: "1" },
  });
  assert.equal(res.status, 200, await res.text());
  return user;
}

Deno.test({
  name:
    "trading: a SuperAdmin stores Binance keys, picks a pair, buys, and sees the BUY close at its sell price",
  ...E2E_OPTS,
  async fn() {
    const server = await startE2EServer();
    const worker = new BotWorker(server.deps, { log: () => {} });
    worker.start();
    const sim = server.market.sim("binance")!;
    sim.setPrice("eth_usdt", "3000.00");
    const browser = await launchBrowser();
    try {
      const admin = await tradingUser(server, "SuperAdmin");
      const page = await browser.newPage();
      await signInToDashboard(page, server, admin);

      // Keys through the modal: encrypted for transport, sealed at rest, answered as masks.
      await page.getByTestId("avatar-menu").click();
      await page.getByTestId("menu-update-keys").getByText("Update Binance Key/Secret").click();
      await page.getByTestId("key-binanceKey").fill(BINANCE_KEY);
      await page.getByTestId("key-binanceSecret").fill(BINANCE_SECRET);
      await page.getByTestId("keys-submit").click();
      await page.getByText("Update Success!").waitFor();
      const [row] = await server.deps.db.select().from(users).where(eq(users.id, admin.id));
      assert.equal(await server.deps.secretBox.open(row.binanceKey!), BINANCE_KEY);
      assert.equal(await server.deps.secretBox.open(row.binanceSecret!), BINANCE_SECRET);
      // Reopened, the stored values show as masks; saving unchanged sends nothing and closes.
      await page.getByTestId("avatar-menu").click();
      await page.getByTestId("menu-update-keys").click();
      assert.equal(await page.getByTestId("key-binanceKey").inputValue(), "********");
      await page.getByTestId("keys-submit").click();
      await page.getByTestId("keys-submit").waitFor({ state: "detached" });

      // The pair is chosen, saved to the user, and its price follows the market.
      await page.getByTestId("pair-select").selectOption("eth_usdt");
      await page.getByTestId("live-price").getByText("$3,000.00").waitFor();
      sim.setPrice("eth_usdt", "3012.34");
      await page.getByTestId("live-price").getByText("$3,012.34").waitFor();
      await untilUserRow(server, admin.id, (u) => u.pair === "eth_usdt", "the pair to be saved");

      await page.getByTestId("buy-button").click();
      const first = page.getByTestId("transactions-BUY").locator("tbody tr").first();
      await first.getByText("ETH/USDT").waitFor();
      const id = Number((await first.getAttribute("data-testid"))!.replace("transaction-", ""));
      const [tx] = await server.deps.db.select().from(transactions).where(eq(transactions.id, id));
      assert.equal(tx.status, "BUY");
      assert.equal(tx.buyPrice, "3012.34000000");
      // A 1% spread: 3012.34 * 1.01 = 3042.4634.
      assert.equal(tx.sellPrice, "3042.46340000");
      assert.equal(await first.getByTestId("transaction-status").textContent(), "BUY");
      assert.equal(await page.getByTestId("tab-BUY").textContent(), "BUY (1)");
      // The open trade's result reads on one line (squeezed by the other columns, it took four).
      const unrealized = first.getByText("if closed now");
      await unrealized.waitFor();
      const lines = await unrealized.evaluate((el) =>
        Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight))
      );
      assert.equal(lines, 1, "the open trade's result on one line");

      // The market reaches the sell price: the worker sells and the row becomes DONE.
      sim.setPrice("eth_usdt", "3050.00");
      await page.getByTestId("tab-ALL").click();
      const closed = page.getByTestId(`transaction-${id}`);
      await closed.and(page.locator("[data-status=DONE]")).waitFor({ timeout: 10_000 });
      assert.equal(await closed.getByTestId("transaction-status").textContent(), "DONE");
      assert.equal(await page.getByTestId("tab-BUY").textContent(), "BUY (0)");
    } finally {
      await worker.stop();
      await browser.close();
      await server.close();
    }
  },
});

e2eTest(
  "trading: missing keys warn before any order, an NFT buys at a typed price, an Admin action and a delete update the lists",
  async ({ server, browser }) => {
    const admin = await tradingUser(server, "SuperAdmin");
    const page = await browser.newPage();
    await openTrading(page, server, admin);

    await page.getByTestId("buy-button").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("CREATE TRANSACTION FAILED").waitFor();
    await dialog.getByText("Please update Key/Secret for Binance first").waitFor();
    await page.getByTestId("trade-dialog-close").click();
    assert.equal((await server.deps.db.select().from(transactions)).length, 0);

    // NFT pairs: no live price; the typed price keeps digits and one point only.
    await page.getByTestId("pair-select").selectOption("ub_nft");
    assert.equal(await page.getByTestId("live-price").count(), 0);
    await page.getByTestId("typed-price").fill("12.5x.0");
    assert.equal(await page.getByTestId("typed-price").inputValue(), "12.50");
    await page.getByTestId("asset-id").fill("asset-77");
    // BUY is debounced 1 s: wait it out after the refused BUY.
    await page.waitForTimeout(1100);
    await page.getByTestId("buy-button").click();
    const first = page.getByTestId("transactions-BUY").locator("tbody tr").first();
    await first.getByText("UB_NFT").waitFor();
    const [nft] = await server.deps.db.select().from(transactions);
    assert.equal(nft.assetId, "asset-77");
    assert.equal(nft.marketPrice, "12.50000000");
    await page.waitForTimeout(1100);
    await page.getByTestId("buy-button").click();
    await page.getByTestId("tab-BUY").getByText("BUY (2)").waitFor();

    // set-status DONE moves one out of BUY; delete takes the other out of every list.
    const rows = page.getByTestId("transactions-BUY").locator("tbody tr");
    await rows.first().getByTestId("transaction-actions").click();
    await page.getByTestId("set-status-DONE").click();
    await page.getByTestId("tab-BUY").getByText("BUY (1)").waitFor();
    await rows.first().getByTestId("transaction-actions").click();
    await page.getByTestId("delete-transaction").click();
    await page.getByTestId("confirm-delete").click();
    await page.getByTestId("tab-BUY").getByText("BUY (0)").waitFor();
    await page.getByTestId("tab-ALL").getByText("ALL (1)").waitFor();
    await page.getByTestId("transactions-empty").waitFor();
  },
);

e2eTest(
  "trading: a User's BUY and SELL stay disabled without a call; a Lead's are enabled",
  async ({ server, browser }) => {
    const user = await tradingUser(server, "User");
    const page = await browser.newPage();
    await openTrading(page, server, user);
    assert.equal(await page.getByTestId("buy-button").isDisabled(), true);
    assert.equal(await page.getByTestId("sell-button").isDisabled(), true);
    // Users see no key menu entry.
    await page.getByTestId("avatar-menu").click();
    await page.getByTestId("menu-change-password").waitFor();
    assert.equal(await page.getByTestId("menu-update-keys").count(), 0);

    const lead = await server.user("Lead");
    await setUser(server, lead.id, { tradingAmount: "100", coinTradingAmount: "0.01" });
    // Its own context: the first page's stored session would sign it in as the User.
    const leadPage = await (await browser.newContext()).newPage();
    await openTrading(leadPage, server, lead);
    assert.equal(await leadPage.getByTestId("buy-button").isEnabled(), true);
    assert.equal(await leadPage.getByTestId("sell-button").isEnabled(), true);
  },
);

e2eTest(
  "trading: at 390 px the topbar wraps its controls into rows, fully visible, nothing overflows",
  async ({ server, browser }) => {
    const lead = await server.user("Lead");
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await openTrading(page, server, lead);
    const header = (await page.locator("header").boundingBox())!;
    for (const id of ["pair-select", "exchange-select", "buy-button", "sell-button"]) {
      const box = (await page.getByTestId(id).boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= 390, `${id} is inside the viewport`);
      assert.ok(box.y + box.height <= header.y + header.height, `${id} is inside the header`);
    }
    // The controls sit below the logo row, and the page starts below the taller header.
    const logo = (await page.getByTestId("logo").boundingBox())!;
    const buy = (await page.getByTestId("buy-button").boundingBox())!;
    assert.ok(buy.y > logo.y + logo.height);
    const title = (await page.getByTestId("dashboard-title").boundingBox())!;
    assert.ok(title.y >= header.y + header.height);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
  },
);
