// The dashboard as a trading desk (issue 28), at 1440 and 390 px, from an empty database: a User
// buys in a Lead's call, sees the position's result follow the price, closes it with Close now and
// sees the closed trade, both fills on the chart and the balance move; a User without a call, or
// halted, is told why BUY and SELL are disabled; axe finds nothing critical or serious with
// positions, closed trades and a halt banner showing. Screenshots go to test-results/.
import { and, eq } from "drizzle-orm";
import { transactions } from "../../server/db/schema.ts";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { giveKeys, setUser } from "../api/transactions-fixtures.ts";
import { until } from "../support/until.ts";
import { openTrading, type UiUser } from "./support/browser.ts";
import { type E2EServer, insertTrades } from "./support/server.ts";
import { e2eTest } from "./support/e2e-test.ts";
import { seriousViolations } from "./support/axe.ts";

const SIZES = [{ width: 1440, height: 900 }, { width: 390, height: 844 }];
/** With a laptop's 1280 px, where the positions' table once scrolled its Close now out of sight. */
const FULL_SIZES = [...SIZES, { width: 1280, height: 800 }];

async function pageFor(
  browser: Browser,
  server: E2EServer,
  user: UiUser,
  viewport: { width: number; height: number },
) {
  const page = await (await browser.newContext({ viewport })).newPage();
  await openTrading(page, server, user);
  return page;
}

/** A Lead's BUY call from their topbar; the User's BUY turns on. */
async function callBuy(leadPage: Page, userPage: Page) {
  await leadPage.getByTestId("call-count").selectOption("2");
  await leadPage.getByTestId("call-target").selectOption("BUY");
  await leadPage.getByTestId("call-button").click();
  await userPage.locator("[data-testid=buy-button]:not([disabled])").waitFor();
}

e2eTest(
  "desk: a User buys in a call, follows the result, closes now, sees the trade, fills and balance",
  async ({ server, browser }) => {
    const sim = server.market.sim("binance")!;
    const hub = server.deps.realtime!.hub;
    for (const size of SIZES) {
      sim.setPrice("btc_usdt", "70000.00");
      const lead = await server.user("Lead");
      const user = await server.user("User");
      await setUser(server, user.id, { useBot: "none", tradingAmount: "100", spread: "1" });
      await giveKeys(server, user.id, "binance");
      const leadPage = await pageFor(browser, server, lead, size);
      const userPage = await pageFor(browser, server, user, size);
      await until(
        () => [lead, user].every((u) => hub.connections.byUser.get(u.id).size > 0),
        10_000,
        "both sockets",
      );
      const positions = userPage.getByTestId("dashboard-positions");
      const closed = userPage.getByTestId("dashboard-closed");
      const balances = userPage.getByTestId("dashboard-balances");
      await positions.getByTestId("positions-empty").waitFor();
      await closed.getByTestId("closed-empty").waitFor();
      // Without a call the User is told why BUY and SELL are off.
      await userPage.getByTestId("trade-block-note").getByText("waiting for a call").waitFor();
      const usdt = balances.getByTestId("balance-usdt").getByTestId("balance-free");
      await usdt.waitFor();
      const before = await usdt.textContent();

      await userPage.getByTestId("live-price").getByText("$70,000.00").waitFor();
      await callBuy(leadPage, userPage);
      await userPage.getByTestId("buy-button").click();
      const row = positions.locator("[data-testid^=position-]:has([data-testid=close-now])");
      await row.first().waitFor();
      assert.equal(await row.count(), 1);
      assert.match(await row.getByText("BTC/USDT").textContent() ?? "", /BTC\/USDT/);
      // The result follows the pushed price, without a reload.
      const result = row.getByTestId("position-result");
      const at70k = await result.textContent();
      sim.setPrice("btc_usdt", "70700.00");
      await row.getByTestId("position-price").getByText("70,700.00").waitFor();
      await until(async () => (await result.textContent()) !== at70k, 10_000, "a live result");
      assert.match((await result.textContent())!, /^\+/, "a rise is a gain for a long position");
      // The time held counts in seconds, as it shows them, from the server's clock: here it runs a
      // minute or more ahead of the browser's (signInUi), as a phone's may be off.
      const held = row.getByTestId("position-held");
      const heldAt = await held.textContent();
      await until(async () => (await held.textContent()) !== heldAt, 10_000, "the held time moves");
      assert.match((await held.textContent())!, /^\d{1,2} s$/, "a position seconds old");
      // The list below values the open row at the same pushed price (it was fetched at 70,000).
      const ifClosed = userPage.locator(
        "[data-testid=transaction-if-closed] > :first-child",
      )
        .first();
      const figure = (text: string | null) => Number(text!.split(" ")[0].replaceAll(",", ""));
      const gain = figure(await result.textContent());
      await until(
        async () => Math.abs(figure(await ifClosed.textContent()) - gain) < 0.006,
        10_000,
        `the list's "if closed now" at the live price (${gain})`,
      );
      await userPage.screenshot({ path: `test-results/desk-dashboard-open-${size.width}.png` });
      // Close now keeps its whole label at every width (on a phone the card's line wraps instead).
      const label = await row.getByTestId("close-now").evaluate((button) => {
        const inner = button.querySelector(".mantine-Button-label") ?? button;
        const card = button.closest("[data-testid^=position-]")!.getBoundingClientRect();
        return {
          shown: inner.clientWidth,
          needs: inner.scrollWidth,
          inside: button.getBoundingClientRect().right <= card.right + 0.5,
        };
      });
      assert.ok(
        label.shown > 0 && label.needs <= label.shown + 1 && label.inside,
        JSON.stringify(label),
      );

      // A menu opened while the call's notice shows lies above it: its items take their clicks
      // (on a phone the notice spans the top of the screen, over the avatar menu).
      await userPage.getByTestId("call-notice").waitFor();
      await userPage.getByTestId("avatar-menu").click();
      const item = userPage.getByTestId("menu-change-password");
      await item.waitFor();
      const onTop = await item.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
      });
      assert.ok(onTop, "the avatar menu's items are above the call's notice");
      await userPage.keyboard.press("Escape");
      await item.waitFor({ state: "hidden" });

      // Close now asks first; the dialog's last button confirms.
      await row.getByTestId("close-now").click();
      const dialog = userPage.getByRole("dialog");
      await dialog.getByText("A real order is placed").waitFor();
      // It names the order that goes out: 0.00142 bought, less the 0.00000142 BTC fee, on the
      // 0.00001 step.
      await dialog.getByText("Sell 0.00141000 BTC/USDT at market on Binance now?").waitFor();
      await dialog.getByRole("button").last().click();
      await positions.getByTestId("positions-empty").waitFor();
      const trade = closed.locator("[data-testid^=closed-]:has([data-testid=closed-exit])");
      await trade.first().waitFor();
      assert.notEqual(await trade.first().getByTestId("closed-exit").textContent(), "—");
      assert.match(await trade.first().getByTestId("closed-entry").textContent() ?? "", /\d/);
      // The list below has moved the position to ALL, where its result is the fills', not "if
      // closed now".
      await userPage.getByTestId("tab-BUY").filter({ hasText: "(0)" }).waitFor({ timeout: 5_000 });
      await userPage.getByTestId("tab-ALL").click();
      await userPage.locator("[data-testid^=transaction-] [data-testid=transaction-result]").first()
        .waitFor();
      // The balance the fills moved.
      await until(async () => (await usdt.textContent()) !== before, 10_000, "the new balance");
      await userPage.getByTestId("dashboard-today").getByTestId("today-trades").getByText("1")
        .waitFor();

      // The chart marks both fills (a phone opens it from its sparkline first).
      if (size.width < 768) await userPage.getByTestId("chart-sparkline").click();
      const chart = userPage.getByTestId("candle-chart");
      await userPage.locator("[data-testid=candle-chart][data-markers='2']").waitFor();
      await userPage.screenshot({ path: `test-results/desk-dashboard-chart-${size.width}.png` });
      for (const label of ["Entry #", "Exit #"]) {
        await until(
          async () => (await chart.locator("text", { hasText: label }).count()) > 0,
          10_000,
          `the chart's ${label} label`,
        );
      }
      await userPage.screenshot({
        path: `test-results/desk-dashboard-${size.width}.png`,
        fullPage: true,
      });

      // A tick goes in the candle of the server's minute, not the device's: five minutes on, on
      // the server's clock (the browser's stays behind), the next tick opens a candle of its own.
      const bars = chart.locator(".apexcharts-candlestick-series path");
      const drawnBefore = await bars.count();
      server.clock.advance(5 * 60_000);
      sim.setPrice("btc_usdt", "70750.00");
      await until(async () => (await bars.count()) === drawnBefore + 1, 10_000, "a new candle");
      await leadPage.context().close();
      await userPage.context().close();
    }
  },
);

e2eTest(
  "desk: halted and call-less Users see why BUY and SELL are off; axe passes with every panel full",
  async ({ server, browser }) => {
    const admin = await server.user("Admin");
    const user = await server.user("User");
    await setUser(server, user.id, { useBot: "buy_sell", tradingAmount: "100", spread: "1" });
    // Open positions and a closed trade, so that every panel has rows.
    await insertTrades(server, user.id, ["BUY", "BUY", "SELL", "BUY", "SELL", "DONE"]);
    // The bot's BUYs, opened near the price, show their target: the widest rows a desk shows.
    await server.deps.db.update(transactions)
      .set({ useBot: "buy_sell", marketPrice: "67250", buyPrice: "67250", sellPrice: "67922.5" })
      .where(and(eq(transactions.userId, user.id), eq(transactions.status, "BUY")));
    const lead = await server.user("Lead");
    await setUser(server, lead.id, { tradingAmount: "0" });
    for (const size of FULL_SIZES) {
      const page = await pageFor(browser, server, user, size);
      const note = page.getByTestId("trade-block-note");
      await note.getByText("waiting for a call").waitFor();
      assert.equal(await page.getByTestId("buy-button").isDisabled(), true);
      // The reason shows on hover too, and on a press (a touch screen has no hover).
      const wrapper = page.getByTestId("buy-button").locator("..");
      assert.equal(await wrapper.getAttribute("title"), "waiting for a call");
      await wrapper.click();
      const toast = page.locator(".mantine-Notification-root", { hasText: "waiting for a call" });
      await toast.waitFor();
      await toast.locator("button").click();
      await toast.waitFor({ state: "detached" });

      const res = await server.call("POST", "/api/trading-halts", {
        token: admin.token,
        body: { scope: "all", reason: "Feed down" },
      });
      assert.equal(res.status, 201);
      const { id } = await res.json();
      await page.getByTestId("halt-banner").waitFor();
      await note.getByText("trading halted: Feed down").waitFor();
      await page.locator("[data-testid=buy-button][data-block=halt]").waitFor();
      await page.getByTestId("dashboard-positions").getByTestId("close-now").first().waitFor();
      await page.waitForLoadState("networkidle");
      // Every position's side reads whole: the table's columns once squeezed it to "B…".
      const sides = await page.getByTestId("dashboard-positions").locator(".mantine-Badge-label")
        .evaluateAll((labels) =>
          labels.map((l) => [l.textContent, l.scrollWidth <= l.clientWidth + 1])
        );
      assert.equal(sides.length, 5);
      assert.deepEqual(sides.filter(([, whole]) => !whole), [], `sides at ${size.width} px`);
      // Every Close now shows whole, the widest rows' included: none runs under the edge of what
      // scrolls the table.
      const cut = await page.getByTestId("dashboard-positions").getByTestId("close-now")
        .evaluateAll((buttons) =>
          buttons.filter((button) => {
            let box = button.parentElement!;
            while (box.parentElement && getComputedStyle(box).overflowX === "visible") {
              box = box.parentElement;
            }
            return button.getBoundingClientRect().right > box.getBoundingClientRect().right + 0.5;
          }).length
        );
      assert.equal(cut, 0, `Close now cut at ${size.width} px`);
      // The price axis starts at zero at the lowest: fills far below the price padded it under.
      if (size.width >= 768) {
        const axis = page.getByTestId("candle-chart").locator(".apexcharts-yaxis-label tspan");
        await axis.first().waitFor();
        const lowest = Math.min(
          ...(await axis.allTextContents()).map((text) => Number(text.replaceAll(",", ""))),
        );
        assert.ok(lowest >= 0, `the price axis reaches ${lowest}`);
      }
      assert.deepEqual(await seriousViolations(page), [], `axe at ${size.width} px`);
      await page.screenshot({ path: `test-results/desk-dashboard-halted-${size.width}.png` });
      await server.call("POST", `/api/trading-halts/${id}/release`, { token: admin.token });
      await page.getByTestId("halt-banner").waitFor({ state: "detached" });

      // A Lead never waits for a call, but trades nothing without an amount.
      const leadPage = await pageFor(browser, server, lead, size);
      await leadPage.getByTestId("trade-block-note").getByText("no amount set").waitFor();
      assert.equal(await leadPage.getByTestId("buy-button").isDisabled(), true);
      await leadPage.context().close();
      await page.context().close();
    }
  },
);
