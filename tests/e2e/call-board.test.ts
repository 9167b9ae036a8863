// The call board in browsers (issue 29): a Lead calls three Users, each in their own context; one
// trades, a limit refuses one, one lets the call pass. The Lead's board shows each outcome as it
// happens, its totals add up, and the call's page in /calls shows the same after a reload and, on
// PostgreSQL, on a second instance. Then
// /profit's pictures, and axe on /calls, a call's page and /profit. The call's life is shortened
// with CALL_EXPIRY_MS so a run takes seconds, not 20.
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import type { CallBoard } from "../../server/calls/board.shared.ts";
import { expectStatus, giveKeys, setGroup, setUser } from "../api/transactions-fixtures.ts";
import { insertTransactions, roundTrip } from "../support/report-fixtures.ts";
import { until } from "../support/until.ts";
import { openTrading } from "./support/browser.ts";
import { e2eTest } from "./support/e2e-test.ts";
import { seriousViolations } from "./support/axe.ts";
import { contextWith, SESSION_KEY, storedSession } from "./support/stored-session.ts";
import { TEST_DATABASE_URL } from "../support/database.ts";
import { secondInstance } from "../support/second-instance.ts";

// Long enough for three Users' pages to answer on a busy machine.
const EXPIRY_MS = 15_000;

/** The text of each line's cells, by username, in the order the board lists them. */
async function lineTexts(board: Locator) {
  const rows = board.locator("[data-testid^=board-line-][data-state]");
  const out: Record<string, { state: string; cells: string[] }> = {};
  for (const row of await rows.all()) {
    const name = (await row.getAttribute("data-testid"))!.slice("board-line-".length);
    out[name] = {
      state: (await row.getAttribute("data-state"))!,
      cells: await row.locator("td").allInnerTexts(),
    };
  }
  return out;
}

async function totalsText(board: Locator) {
  const ids = ["recipients", "followed", "filled", "result"];
  return Object.fromEntries(
    await Promise.all(
      ids.map(async (id) => [id, await board.getByTestId(`board-total-${id}`).innerText()]),
    ),
  );
}

const lineIn = (board: Locator, username: string, state: string) =>
  board.locator(`[data-testid=board-line-${username}][data-state=${state}]`);

e2eTest(
  "call board: trade, limit refusal and miss show live on the Lead's board; totals add up; /calls/:id shows the same after a reload",
  async ({ server, browser }) => {
    const admin = await server.user("Admin");
    // The Admin sets the limit from another group, so the call reaches the three Users only.
    await setGroup(server, admin.id, "office");
    const lead = await server.user("Lead", "lead_b");
    const trader = await server.user("User", "u_trader");
    const limited = await server.user("User", "u_limited");
    const misser = await server.user("User", "u_misser");
    for (const u of [trader, limited, misser]) {
      await setUser(server, u.id, { useBot: "none", tradingAmount: "100", spread: "1" });
      await giveKeys(server, u.id, "binance");
    }
    await expectStatus(server, 200, "PUT", "/api/trading-limits", {
      token: admin.token,
      body: { userId: limited.id, exchange: "binance", maxPerOrder: "50", maxPerDay: null },
    });
    const pages: Record<string, Page> = {};
    for (const who of [lead, trader, limited, misser]) {
      const page = await (await browser.newContext()).newPage();
      await openTrading(page, server, who);
      pages[who.username] = page;
    }
    const hub = server.deps.realtime!.hub;
    await until(
      () => [lead, trader, limited, misser].every((u) => hub.connections.byUser.get(u.id).size > 0),
      10_000,
      "every socket",
    );

    const leadPage = pages[lead.username];
    await leadPage.getByTestId("call-target").selectOption("BUY");
    await leadPage.getByTestId("call-button").click();
    // The board opens on CALL, counting down, with a line per recipient.
    const panel = leadPage.getByTestId("board-panel");
    await panel.getByTestId("board-countdown").getByText(/s left$/).waitFor();
    const callId = (await panel.getByTestId("call-board").getAttribute("data-call-id"))!;
    // Each User's notice shows, and their line says so (the notice reports itself seen).
    await Promise.all(
      [trader, limited, misser].map((u) => lineIn(panel, u.username, "seen").waitFor()),
    );
    assert.equal(
      await panel.getByTestId("board-line-u_trader").locator("td").nth(2).innerText(),
      "Page open",
    );

    await pages[trader.username].locator("[data-testid=buy-button]:not([disabled])").click();
    const traded = lineIn(panel, "u_trader", "traded");
    await traded.waitFor();
    // Side and amount over the fill's price, then the reaction time.
    assert.match(await traded.locator("td").nth(4).innerText(), /^BUY [\d,.]+\n[\d,.]+$/);
    assert.match(await traded.locator("td").nth(5).innerText(), /^\d[\d,]* ms$/);

    await pages[limited.username].locator("[data-testid=buy-button]:not([disabled])").click();
    const refused = lineIn(panel, "u_limited", "refused");
    await refused.waitFor();
    await refused.getByTestId("board-line-reason").getByText(
      "Limit per order on binance exceeded",
      { exact: false },
    ).waitFor();

    // Nobody answers for the misser: their page makes the missed-call row at the expiry.
    // The line reads missed at the expiry; what the call would have made comes with that row.
    await lineIn(panel, "u_misser", "missed").getByText("Would have made", { exact: false })
      .waitFor({ timeout: EXPIRY_MS + 10_000 });
    await panel.getByTestId("board-countdown").getByText("Call ended").waitFor();

    // The totals are the lines' and the server's: 3 reached, 1 followed, the trader's fill.
    const api = await expectStatus(server, 200, "GET", `/api/calls/${callId}`, {
      token: lead.token,
    }) as CallBoard;
    const fill = api.recipients.find((r) => r.userId === trader.id)!;
    assert.equal(api.totals.filledAmount, fill.amount);
    assert.equal(api.totals.followed, 1);
    await panel.getByTestId("board-total-filled").getByText(
      Number(fill.amount).toLocaleString("en-US", {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
      { exact: true },
    ).waitFor();
    // Every line's state reads whole (the table's columns once squeezed them to "R…").
    const states = await panel.locator("[data-testid=board-line-state] .mantine-Badge-label")
      .evaluateAll((labels) =>
        labels.map((l) => [l.textContent, l.scrollWidth <= l.clientWidth + 1] as const)
      );
    assert.equal(states.length, 3);
    assert.deepEqual(states.filter(([, whole]) => !whole), [], "the lines' states");
    // Looked at: the Lead's desk with the ended call's board (test-results/).
    await leadPage.screenshot({ path: "test-results/call-board-lead-1280.png", fullPage: true });
    const live = { lines: await lineTexts(panel), totals: await totalsText(panel) };
    assert.deepEqual(
      Object.fromEntries(Object.entries(live.lines).map(([name, l]) => [name, l.state])),
      { u_trader: "traded", u_limited: "refused", u_misser: "missed" },
    );
    assert.equal(live.totals.recipients, "3");
    assert.equal(live.totals.followed, "1 of 3 (33%)");
    // The trader's amount ("BUY 99.53" over the fill's price) is the filled total.
    assert.equal(live.lines.u_trader.cells[4].split("\n")[0], `BUY ${live.totals.filled}`);

    // The call's page after a reload: the same board.
    await leadPage.goto(`${server.baseUrl}/calls/${callId}`);
    await leadPage.reload();
    const page = leadPage.locator("main").getByTestId("call-board");
    await page.getByTestId("board-countdown").getByText("Call ended").waitFor();
    await lineIn(page, "u_misser", "missed").waitFor();
    assert.deepEqual(
      { lines: await lineTexts(page), totals: await totalsText(page) },
      live,
    );
    await leadPage.waitForLoadState("networkidle");
    assert.deepEqual(await seriousViolations(leadPage), [], "a call's page");

    // Another instance on the same database (PostgreSQL only) shows the same board.
    if (TEST_DATABASE_URL) {
      const other = await secondInstance(server);
      const served = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, other.app.fetch);
      try {
        const baseUrl = `http://127.0.0.1:${served.addr.port}`;
        const session = await leadPage.evaluate((key) => localStorage.getItem(key)!, SESSION_KEY);
        const context = await contextWith(browser, { ...server, baseUrl }, { session });
        const otherPage = await context.newPage();
        await otherPage.goto(`${baseUrl}/calls/${callId}`);
        const board = otherPage.locator("main").getByTestId("call-board");
        await lineIn(board, "u_misser", "missed").waitFor();
        assert.deepEqual({ lines: await lineTexts(board), totals: await totalsText(board) }, live);
        await context.close();
      } finally {
        served.unref();
        await Promise.race([served.shutdown(), new Promise((r) => setTimeout(r, 3000))]);
        await other.close();
      }
    }

    // The history lists it with its followed share, and opens its board.
    await leadPage.goto(`${server.baseUrl}/calls`);
    const row = leadPage.getByTestId(`call-row-${callId}`);
    await row.getByText("33%").waitFor();
    await row.getByText(lead.username).waitFor();
    await row.getByTestId("call-open").click();
    await leadPage.waitForURL(`**/calls/${callId}`);
    await lineIn(leadPage.locator("main"), "u_trader", "traded").waitFor();

    // The trader's own dashboard counts the call.
    await pages[trader.username].reload();
    const mine = pages[trader.username].getByTestId("my-call-figures");
    assert.equal(await mine.getByTestId("my-calls-received").innerText(), "1");
    assert.equal(await mine.getByTestId("my-calls-followed").innerText(), "100%");
  },
  { CALL_EXPIRY_MS: EXPIRY_MS },
);

e2eTest(
  "profit pictures: per-day bars with the running total, the split, the figures; axe on /calls and /profit",
  async ({ server, browser }) => {
    const admin = await server.user("SuperAdmin");
    const alice = await server.user("User", "alice");
    const bob = await server.user("User", "bob");
    const day = (d: number) => new Date(Date.UTC(2026, 10, d, 12));
    // alice +10 on the 2nd, bob -4 on the 2nd, alice +5 on the 3rd (fees 0.1 a fill).
    await insertTransactions(server.deps.db, [
      { userId: alice.id, createdAt: day(2), ...roundTrip("1", "100", "110.2", "0.1") },
      { userId: bob.id, createdAt: day(2), ...roundTrip("1", "100", "96.2", "0.1") },
      { userId: alice.id, createdAt: day(3), ...roundTrip("0.5", "100", "110.4", "0.1") },
    ]);
    const series = await expectStatus(server, 200, "GET", "/api/profits/series?groupBy=day", {
      token: admin.token,
    });
    assert.equal(series.totals.realizedPnl, "11");

    const session = await storedSession(browser, server, admin);
    for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
      const context = await contextWith(browser, server, { session, viewport });
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/profit`);
      const chart = page.getByTestId("profits-day-chart");
      await chart.locator("svg").first().waitFor();
      assert.equal(
        await page.getByTestId("profits-day-caption").innerText(),
        "Bars: the realized result of each day from 11/02/2026 to 11/03/2026 (2 days with " +
          "counted trades). Line: the running total, ending at +11.00. Best day 11/02/2026: " +
          "+6.00; worst day 11/03/2026: +5.00.",
      );
      assert.equal(await page.getByTestId("profits-stat-realized").innerText(), "+11.00");
      assert.equal(await page.getByTestId("profits-stat-trades").innerText(), "3");
      assert.equal(await page.getByTestId("profits-stat-win-rate").innerText(), "67%");
      assert.equal(await page.getByTestId("profits-stat-best").innerText(), "+10.00");
      assert.equal(await page.getByTestId("profits-stat-worst").innerText(), "-4.00");
      await page.getByTestId("profits-split-caption").getByText(
        "alice +15.00 in 2 trades (2 won); bob -4.00 in 1 trades (0 won)",
        { exact: false },
      ).waitFor();
      // The split follows the picker: by pair, one bar for BTC/USDT.
      await page.getByTestId("profits-split").getByText("Pair").click();
      await page.getByTestId("profits-split-caption").getByText("BTC/USDT +11.00", {
        exact: false,
      }).waitFor();
      // The chart fits the screen: no sideways scroll on a phone.
      const width = await chart.evaluate((el) => el.scrollWidth);
      assert.ok(width <= viewport.width, `chart ${width}px wide on ${viewport.width}`);
      await page.waitForLoadState("networkidle");
      assert.deepEqual(await seriousViolations(page), [], `/profit ${viewport.width}`);

      for (const route of ["/calls"]) {
        await page.goto(server.baseUrl + route);
        await page.locator("main h1").first().waitFor();
        await page.waitForLoadState("networkidle");
        assert.deepEqual(await seriousViolations(page), [], `${route} ${viewport.width}`);
      }
      await context.close();
    }
  },
);
