// What React re-renders, counted through the hook React DevTools uses (support/renders.ts): a
// price tick re-renders the live price alone, and a dashboard load renders the shell's parts no more
// often than they change.
import assert from "node:assert/strict";
import { type Commit, commits, recordRenders } from "./support/renders.ts";
import { contextWith, storedSession } from "./support/stored-session.ts";
import { e2eTest } from "./support/e2e-test.ts";

e2eTest(
  "renders: a price tick re-renders the live price and nothing else",
  async ({ server, browser }) => {
    const sim = server.market.sim("binance")!;
    const session = await storedSession(browser, server, await server.user("Lead"));
    // One row of topbar, and the narrower one that shows the price apart from the trading bar.
    for (const viewport of [{ width: 1500, height: 900 }, { width: 1280, height: 800 }]) {
      sim.setPrice("btc_usdt", "70000.00");
      const context = await contextWith(browser, server, { session, viewport });
      const page = await context.newPage();
      await recordRenders(page);
      await page.goto(`${server.baseUrl}/dashboard`);
      // A loaded machine takes its time over a first load; nothing here is timed.
      const loaded = { timeout: 120_000 };
      await page.getByTestId("live-price").getByText("$70,000.00").waitFor(loaded);
      // The lists have answered (a new Lead has no transactions).
      await page.getByTestId("transactions-empty").waitFor(loaded);
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

const describe = (list: Commit[]) =>
  list.map((c) => `${c.at} ms: ${c.rendered.join(", ")}`).join("; ");
