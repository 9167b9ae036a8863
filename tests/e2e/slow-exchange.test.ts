// A slow exchange on screen (issue 27): the order's answer is held after it filled, so the request
// answers 202 and the list shows the row pending while BUY stays busy (no second position can be
// pressed); when the exchange answers, the same row becomes the filled trade, no reload.
import assert from "node:assert/strict";
import { transactions } from "../../server/db/schema.ts";
import { createExchanges } from "../../server/exchanges/exchanges.ts";
import { TRADING_KEY_FIELDS } from "../../server/keys/schema.ts";
import { startFakeBinance } from "../fakes/fake-binance.ts";
import { startFakeGate } from "../fakes/fake-gate.ts";
import { setUser } from "../api/transactions-fixtures.ts";
import { E2E_OPTS, launchBrowser, openTrading } from "./support/browser.ts";
import { startE2EServer } from "./support/server.ts";

const VIEWPORTS = [{ width: 1440, height: 900 }, { width: 390, height: 844 }];

Deno.test({
  name:
    "slow exchange: the pending row shows with BUY busy, then the filled trade, at 1440 and 390 px",
  ...E2E_OPTS,
  async fn() {
    const binance = startFakeBinance({ balances: { USDT: "100000", BTC: "1" } });
    const gate = startFakeGate({});
    const server = await startE2EServer({
      EXCHANGE_ADAPTER: "live",
      BINANCE_REST_URL: binance.restUrl,
      GATE_REST_URL: gate.restUrl,
      ORDER_ANSWER_MS: 300,
    });
    const browser = await launchBrowser();
    try {
      // The held answer waits for the test, never for the HTTP timeout.
      server.deps.exchanges = createExchanges({
        config: server.deps.config,
        database: server.deps.database,
        clock: server.clock,
        market: server.market,
        timeoutMs: 120_000,
      });
      await server.deps.exchanges.start();
      server.market.sim("binance")!.setPrice("btc_usdt", "60000.00");
      binance.bookTicker("BTCUSDT", "60000.00");
      const admin = await server.user("SuperAdmin");
      const [key, secret] = TRADING_KEY_FIELDS.binance;
      await setUser(server, admin.id, {
        [key]: await server.deps.secretBox.seal(binance.apiKey),
        [secret]: await server.deps.secretBox.seal(binance.secret),
        useBot: "buy_sell",
        tradingAmount: "100",
        spread: "1",
      });

      for (const [i, viewport] of VIEWPORTS.entries()) {
        const page = await (await browser.newContext({ viewport })).newPage();
        await openTrading(page, server, admin);
        binance.troubleNextOrder({ kind: "hold", afterFill: true });
        const buy = page.getByTestId("buy-button");
        await page.locator("[data-testid=buy-button]:not([disabled])").click();

        const badge = page.getByTestId("transaction-order-state").first();
        await badge.waitFor();
        assert.equal(await badge.textContent(), "Pending");
        assert.equal(await buy.isDisabled(), true, "no second BUY while the first is pending");
        assert.equal(binance.orders.length, i + 1);
        await page.screenshot({ path: `test-results/slow-exchange-pending-${viewport.width}.png` });

        binance.releaseHeld();
        await badge.waitFor({ state: "detached", timeout: 15_000 });
        await page.locator("[data-testid=buy-button]:not([disabled])").waitFor();
        // Its "not confirmed yet" went with it.
        await page.locator("[data-toast=warning]").waitFor({ state: "detached" });
        const rows = await server.deps.db.select().from(transactions);
        assert.equal(rows.length, i + 1, "one row per order");
        assert.ok(rows.every((r) => r.orderState === null && r.filledQuantity !== null));
        await page.screenshot({ path: `test-results/slow-exchange-filled-${viewport.width}.png` });
        if (viewport.width === 1440) {
          // A SuperAdmin's list, selection boxes, fills and actions included, fits the desk, and a
          // 1280 px laptop's.
          for (const width of [1440, 1280]) {
            await page.setViewportSize({ width, height: viewport.height });
            const [table, room] = await page.locator("table[data-testid^=transactions-]").evaluate(
              (t) => [t.scrollWidth, t.closest("[role=region]")!.clientWidth],
            );
            assert.ok(table <= room, `at ${width} px the list is ${table} px wide in ${room} px`);
          }
        }
        await page.context().close();
      }
    } finally {
      await browser.close();
      await server.close();
      await binance.close();
      await gate.close();
    }
  },
});
