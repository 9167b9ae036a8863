// What React re-renders, counted through the hook React DevTools uses (support/renders.ts): a
// price tick re-renders the live price alone, and a dashboard load renders the shell's parts no more
// often than they change.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { transactions } from "../../server/db/schema.ts";
import { type Commit, commits, recordRenders } from "./support/renders.ts";
import { contextWith, storedSession } from "./support/stored-session.ts";
import { e2eTest } from "./support/e2e-test.ts";
import { insertTrades } from "./support/server.ts";

e2eTest(
  "renders: a price tick re-renders the live price and nothing else",
  async ({ server, browser }) => {
    const sim = server.market.sim("binance")!;
    const session = await storedSession(browser, server, await server.user("Lead"));
    // One row of topbar; the narrower one that shows the price apart from the trading bar; and a
    // phone's, its controls dense and the bot selector among them.
    const viewports = [
      { width: 1500, height: 900 },
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ];
    for (const viewport of viewports) {
      sim.setPrice("btc_usdt", "70000.00");
      const context = await contextWith(browser, server, { session, viewport });
      const page = await context.newPage();
      await recordRenders(page);
      const charted = chartDrawn(page);
      await page.goto(`${server.baseUrl}/dashboard`);
      // A loaded machine takes its time over a first load; nothing here is timed.
      const loaded = { timeout: 120_000 };
      await page.getByTestId("live-price").getByText("$70,000.00").waitFor(loaded);
      // The lists have answered (a new Lead has no transactions).
      await page.getByTestId("transactions-empty").waitFor(loaded);
      await charted();
      await page.waitForLoadState("networkidle");
      await commits(page, true);

      sim.setPrice("btc_usdt", "70001.50");
      await page.getByTestId("live-price").getByText("$70,001.50").waitFor();
      // The tick's subscribers all update in one commit: the one that painted the new price.
      // (A loaded machine may still be finishing the load's own work alongside.)
      const after = await commits(page);
      const tick = after.filter((c) => c.rendered.includes("live-price"));
      assert.equal(tick.length, 1, `one commit shows the tick: ${describe(after)}`);
      assert.deepEqual(
        tick[0].rendered.filter((where) => where !== "live-price"),
        [],
        `at ${viewport.width} px, the tick rendered: ${describe(tick)}`,
      );
      await context.close();
    }
  },
);

e2eTest(
  "renders: a dashboard load renders each part of the shell once, and again only for what it shows",
  async ({ server, browser }) => {
    const admin = await server.user("Admin", "halt_admin");
    const halt = async (body: object) =>
      (await (await server.call("POST", "/api/trading-halts", { token: admin.token, body })).json())
        .id as number;
    const release = (id: number) =>
      server.call("POST", `/api/trading-halts/${id}/release`, { token: admin.token });
    const other = await server.user("User", "other_user");
    const session = await storedSession(browser, server, await server.user("Lead"));
    for (const viewport of [{ width: 1500, height: 900 }, { width: 390, height: 844 }]) {
      // A halt the Lead sees, so that the banner has something to show.
      const shown = await halt({ scope: "exchange", exchange: "gate", reason: "Gate incident" });
      const context = await contextWith(browser, server, { session, viewport });
      const page = await context.newPage();
      await recordRenders(page);
      await page.goto(`${server.baseUrl}/dashboard`);
      const loaded = { timeout: 120_000 };
      await page.getByTestId("live-price").getByText("$").waitFor(loaded);
      await page.getByTestId("transactions-empty").waitFor(loaded);
      await page.getByTestId("halt-banner").waitFor(loaded);
      await page.waitForLoadState("networkidle");
      // Answers arrive in any order, and two may land in one commit: a part renders in at most
      // as many commits as it has reasons to.
      const load = await commits(page, true);
      for (const [part, budget] of Object.entries(LOAD_BUDGET)) {
        const seen = load.filter((c) => c.rendered.includes(part));
        assert.ok(
          seen.length <= budget,
          `at ${viewport.width} px, ${part} rendered in ${seen.length} commits, at most ${budget}: ` +
            seen.map((c) =>
              `${c.at} ms: ${c.rendered.filter((w) => w === part).length} of ` +
              `${c.rendered.length} components`
            ).join("; "),
        );
      }
      // The halts are read again whenever one changes anywhere: one set on another user changes
      // nothing here. The release of the shown one, after that reload, empties the banner.
      const reloaded = page.waitForResponse((r) => r.url().endsWith("/api/trading-halts"));
      const elsewhere = await halt({ scope: "user", userId: other.id, reason: "Another desk" });
      await (await reloaded).finished();
      await release(shown);
      await page.getByTestId("halt-banner").waitFor({ state: "detached" });
      const after = await commits(page);
      assert.deepEqual(
        after.filter((c) => c.rendered.includes("halt-banner")),
        [],
        `at ${viewport.width} px, the same halts re-rendered the banner: ${describe(after)}`,
      );
      await release(elsewhere);
      await context.close();
    }
  },
);

e2eTest(
  "renders: with 50 open positions a tick re-renders the price and the live cells of positions and list only",
  async ({ server, browser }) => {
    const sim = server.market.sim("binance")!;
    const lead = await server.user("Lead");
    await insertTrades(server, lead.id, Array(50).fill("BUY"));
    // Filled, as a desk's open trades are: the list's rows then have a result to follow.
    await server.deps.db.update(transactions).set({ filledQuantity: "0.1", avgPrice: "100" })
      .where(eq(transactions.userId, lead.id));
    const session = await storedSession(browser, server, lead);
    for (const viewport of [{ width: 1500, height: 900 }, { width: 390, height: 844 }]) {
      sim.setPrice("btc_usdt", "70000.00");
      const context = await contextWith(browser, server, { session, viewport });
      const page = await context.newPage();
      await recordRenders(page);
      const charted = chartDrawn(page);
      await page.goto(`${server.baseUrl}/dashboard`);
      const loaded = { timeout: 120_000 };
      await page.getByTestId("live-price").getByText("$70,000.00").waitFor(loaded);
      const positions = page.getByTestId("dashboard-positions");
      await positions.getByTestId("position-price").nth(49).getByText("70,000.00").waitFor(loaded);
      await page.getByTestId("transactions-BUY").waitFor(loaded);
      await charted();
      await page.waitForLoadState("networkidle");
      // The list's live cells come after its first paint, which shows the server's figure until
      // React mounts them (if-closed-now.tsx). A slow machine's React mounts them late, after
      // their code has long arrived: a first tick's figure in the list says they are there.
      // ((70,000.50 - 100) × 0.1: the server valued the rows at 70,000.00.)
      sim.setPrice("btc_usdt", "70000.50");
      const listed = page.getByTestId("transaction-if-closed");
      await listed.first().getByText("6,990.05").waitFor(loaded);
      await positions.getByTestId("position-price").nth(49).getByText("70,000.50").waitFor(loaded);
      await commits(page, true);

      sim.setPrice("btc_usdt", "70001.50");
      await page.getByTestId("live-price").getByText("$70,001.50").waitFor();
      await positions.getByTestId("position-price").nth(49).getByText("70,001.50").waitFor();
      const after = await commits(page);
      const tick = after.filter((c) => c.rendered.includes("live-price"));
      assert.equal(tick.length, 1, `one commit shows the tick: ${describe(after)}`);
      // The list's open rows too: their "if closed now" follows the price (if-closed-now.tsx).
      // The held times follow the desk's clock, whose second may fall in the same commit.
      const live = [
        "live-price",
        "position-price",
        "position-result",
        "position-held",
        "transaction-if-closed",
      ];
      assert.deepEqual(
        tick[0].rendered.filter((where) => !live.includes(where)),
        [],
        `at ${viewport.width} px, the tick rendered: ${describe(tick)}`,
      );
      // Every row's result moved with it, in the same commit.
      const results = tick[0].rendered.filter((where) => where === "position-result");
      assert.ok(results.length >= 50, `${results.length} result cells rendered`);
      const cells = tick[0].rendered.filter((where) => where === "transaction-if-closed");
      assert.ok(cells.length >= 10, `${cells.length} of the list's cells rendered`);
      await context.close();
    }
  },
);

/**
 * Waits, once called, for what a dashboard load brings after its first paint and so after the
 * network's first lull: the candles, asked for once the page is idle (chart-panel.tsx), and what
 * draws them (a wide screen's chart, a phone's sparkline). Set before the page loads.
 */
function chartDrawn(page: Page) {
  const loaded = { timeout: 120_000 };
  const answered = page.waitForResponse((r) => r.url().includes("/candles?"), loaded);
  return async () => {
    await (await answered).finished();
    await page.getByTestId("candle-chart").or(page.getByTestId("chart-sparkline")).waitFor(loaded);
  };
}

/**
 * The most commits of a signed-in dashboard load that each part of the shell renders in: one to
 * mount, and one for each answer that changes what it shows. (A part is named by its data-testid;
 * the dashboard's own list, which shows its loading first, is not the shell.)
 */
const LOAD_BUDGET: Record<string, number> = {
  "menu-toggle": 1,
  logo: 1,
  sidebar: 1,
  "language-select": 1,
  "shift-end": 1,
  "avatar-menu": 1,
  footer: 1,
  // The halts (before them it renders nothing, and is named by what is around it).
  "halt-banner": 1,
  // The bot's key.
  "bot-selector": 2,
  // The pairs (the call targets list them too).
  "pair-select": 2,
  "exchange-select": 2,
  "buy-button": 2,
  "sell-button": 2,
  "call-controls": 2,
  "call-count": 2,
  "call-target": 2,
  "call-button": 2,
  // The pairs, and the socket's joining (the price poll stops: it paints nothing, so it is named
  // by the bar).
  "trading-bar": 3,
  // The price, and in a one-row topbar the trading bar around it (the pairs).
  "live-price": 3,
};

const describe = (list: Commit[]) =>
  list.map((c) => `${c.at} ms: ${c.rendered.join(", ")}`).join("; ");
