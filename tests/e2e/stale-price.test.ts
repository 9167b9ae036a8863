// The topbar's stale mark (docs/trading.md#stale-prices): a pair whose feed falls silent shows its
// last price greyed and marked, and the mark goes once prices flow again.
import assert from "node:assert/strict";
import { openTrading } from "./support/browser.ts";
import { e2eTest } from "./support/e2e-test.ts";

e2eTest(
  "stale price: the topbar marks a silent pair's price, and clears the mark when it is live again",
  async ({ server, browser }) => {
    const sim = server.market.sim("binance")!;
    sim.setPrice("btc_usdt", "67400.00");
    const user = await server.user("User");
    const page = await browser.newPage();
    await openTrading(page, server, user);
    const price = page.getByTestId("live-price");
    assert.equal(await price.getAttribute("data-stale"), null);

    sim.silence("btc_usdt");
    server.clock.advance(11_000);
    const mark = price.getByTestId("stale-price");
    await mark.waitFor();
    assert.equal(await mark.textContent(), "⚠ Stale");
    assert.match(
      (await price.getAttribute("title"))!,
      /^No new price for 1\d s: orders are refused until it is live again$/,
    );
    assert.match((await price.textContent())!, /^\$67,400\.00/);

    sim.setPrice("btc_usdt", "67410.00");
    await mark.waitFor({ state: "detached" });
    assert.equal(await price.getAttribute("title"), null);
  },
);
