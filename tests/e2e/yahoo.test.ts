import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { formatBarDate, formatPrice, formatVolume } from "../../web/src/yahoo-finance/format.ts";
import { fakeBar, startFakeYahoo } from "../fakes/fake-yahoo.ts";
import { E2E_OPTS, launchBrowser, signInToDashboard, signInUi } from "./support/browser.ts";
import { startE2EServer } from "./support/server.ts";

const DAY = 86_400_000;
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** Picks days `from`..`to` of last month in the range picker; returns that month's first day (UTC ms). */
async function pickLastMonth(page: Page, from: number, to: number) {
  const now = new Date();
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
  const label = (day: number) => {
    const d = new Date(first + (day - 1) * DAY);
    return `${day} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  };
  await page.getByTestId("yahoo-range").click();
  await page.locator("button[data-direction='previous']").first().click();
  await page.getByRole("button", { name: label(from), exact: true }).click();
  await page.getByRole("button", { name: label(to), exact: true }).click();
  return first;
}

/** The table's rows on the shown page: key, cells' text, highlighted or not. */
function tableRows(page: Page) {
  return page.getByTestId("yahoo-row").evaluateAll((rows) =>
    rows.map((r) => ({
      key: r.getAttribute("data-key")!,
      cells: [...r.querySelectorAll("td")].map((td) => td.textContent!.trim()),
      highlighted: r.hasAttribute("data-highlighted"),
    }))
  );
}

const expectedCells = (t: number) => {
  const bar = fakeBar(t / 1000);
  // Default series High and Low, then Volume.
  return [
    formatBarDate(new Date(t).toISOString(), false),
    formatPrice(bar.high),
    formatPrice(bar.low),
    formatVolume(bar.volume),
  ];
};

/** Clicks the chart at the marker of point `index` (oldest first) of the first series. */
/**
 * Clicks the `index`th point of the first series until the row of `key` is highlighted: apexcharts
 * takes the point under the pointer from its last processed mousemove, which a busy machine may not
 * have processed by the click (a person clicks again).
 */
async function clickPoint(page: Page, index: number, key: string) {
  const marker = page.locator(
    `[data-testid=yahoo-chart] .apexcharts-series[data\\:realIndex='0'] .apexcharts-marker[rel='${index}']`,
  );
  const row = page.locator(`[data-testid=yahoo-row][data-key='${key}'][data-highlighted]`);
  for (let attempt = 1;; attempt++) {
    const box = (await marker.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x - 3, y);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.up();
    try {
      return await row.waitFor({ timeout: 5_000 });
    } catch (err) {
      if (attempt === 5) throw err;
    }
  }
}

async function highlightedRow(page: Page) {
  const rows = await tableRows(page);
  return rows.filter((r) => r.highlighted);
}

Deno.test({
  name:
    "yahoo page: a range's daily bars fill chart and table; a chart point finds its row, kept on return",
  ...E2E_OPTS,
  async fn() {
    const fake = startFakeYahoo();
    const server = await startE2EServer({ YAHOO_URL: fake.url });
    const browser = await launchBrowser();
    try {
      const user = await server.user("User");
      const page = await browser.newPage({
        timezoneId: "UTC",
        viewport: { width: 1400, height: 900 },
      });
      const chartChunks: string[] = [];
      page.on("request", (r) => {
        if (/\/price-chart-[^/]*\.js$/.test(r.url())) chartChunks.push(r.url());
      });
      await signInToDashboard(page, server, user);
      await page.getByTestId("sidebar").getByText("BTC Chart").click();
      await page.waitForURL("**/yahoo-finance");
      await page.getByTestId("yahoo-title").getByText("BTC Chart via Yahoo Finance").waitFor();
      // Nothing has drawn a chart yet: the chart library is not loaded.
      assert.equal(chartChunks.length, 0);

      const first = await pickLastMonth(page, 1, 25);
      await page.getByTestId("yahoo-fetch").click();
      await page.getByTestId("yahoo-source").getByText("Source: Yahoo Finance").waitFor();
      await page.locator("[data-testid=yahoo-chart] .apexcharts-marker").first().waitFor();
      assert.equal(chartChunks.length, 1);
      assert.equal(fake.requests.length, 1);
      const asked = fake.requests[0].searchParams;
      assert.equal(asked.get("interval"), "1d");
      assert.equal(Number(asked.get("period1")) * 1000, first);
      assert.equal(Number(asked.get("period2")) * 1000, first + 25 * DAY);

      // Newest first, 10 a page, 3 pages for 25 days.
      const day = (n: number) => first + (n - 1) * DAY;
      const page1 = await tableRows(page);
      assert.deepEqual(
        page1.map((r) => r.key),
        [25, 24, 23, 22, 21, 20, 19, 18, 17, 16].map((n) => new Date(day(n)).toISOString()),
      );
      assert.deepEqual(page1[0].cells, expectedCells(day(25)));
      assert.equal(
        await page.getByTestId("yahoo-pages").getByRole("button", { name: "3" }).count(),
        1,
      );

      // The chart draws the same bars: one point per day per series, the same High and Low.
      for (const name of ["High", "Low"]) {
        const points = page.locator(
          `[data-testid=yahoo-chart] .apexcharts-series[seriesName='${name}'] .apexcharts-marker`,
        );
        assert.equal(await points.count(), 25, name);
      }
      const drawn = await page.evaluate(() => {
        // deno-lint-ignore no-explicit-any
        const apex = (globalThis as any).Apex;
        const chart = apex._chartInstances.find((c: { id: string }) =>
          c.id === "btc-price-history"
        );
        return chart.chart.w.config.series.map((
          s: { name: string; data: { x: number; y: number }[] },
        ) => ({
          name: s.name,
          data: s.data,
        }));
      });
      assert.deepEqual(drawn.map((s: { name: string }) => s.name), ["High", "Low"]);
      for (let n = 1; n <= 25; n++) {
        const bar = fakeBar(day(n) / 1000);
        assert.deepEqual(drawn[0].data[n - 1], { x: day(n), y: bar.high });
        assert.deepEqual(drawn[1].data[n - 1], { x: day(n), y: bar.low });
      }

      // The 3rd day is the 23rd row, newest first: page 3.
      const key = new Date(day(3)).toISOString();
      await clickPoint(page, 2, key);
      const hl = await highlightedRow(page);
      assert.equal(hl.length, 1);
      assert.deepEqual(hl[0].cells, expectedCells(day(3)));
      assert.equal(
        await page.getByTestId("yahoo-pages").locator("[data-active]").textContent(),
        "3",
      );
      await page.waitForFunction((k) => {
        const row = document.querySelector(`[data-key='${k}']`)!.getBoundingClientRect();
        return row.top >= 0 && row.bottom <= innerHeight;
      }, key);
      assert.equal(
        await page.evaluate(() => sessionStorage.getItem("gatebot.yahoo.highlight")),
        key,
      );

      // Another point on another page.
      const key21 = new Date(day(21)).toISOString();
      await clickPoint(page, 20, key21);
      assert.equal(
        await page.getByTestId("yahoo-pages").locator("[data-active]").textContent(),
        "1",
      );

      // Leave and come back through the menu: same rows, same highlight, same page.
      await page.getByTestId("sidebar").getByText("Dashboard").click();
      await page.waitForURL("**/dashboard");
      await page.getByTestId("sidebar").getByText("BTC Chart").click();
      await page.locator(`[data-testid=yahoo-row][data-key='${key21}'][data-highlighted]`)
        .waitFor();

      // A reload restores the range from session storage, fetches it again and the highlight.
      await clickPoint(page, 2, key);
      await page.reload();
      await page.locator(`[data-testid=yahoo-row][data-key='${key}'][data-highlighted]`).waitFor();
      assert.equal(
        await page.getByTestId("yahoo-pages").locator("[data-active]").textContent(),
        "3",
      );
      // The server's cache answered the second fetch.
      assert.equal(fake.requests.length, 1);

      // The highlighted row is shaded (against a row striped alike); on a phone the rows are
      // cards, the highlight kept.
      const shaded = (k: string) =>
        page.locator(`[data-testid=yahoo-row][data-key='${k}']`).evaluate((r) =>
          getComputedStyle(r).backgroundColor
        );
      assert.notEqual(await shaded(key), await shaded(new Date(day(5)).toISOString()));
      await page.setViewportSize({ width: 390, height: 844 });
      await page.locator(`li[data-testid=yahoo-row][data-key='${key}'][data-highlighted]`)
        .waitFor();
      assert.equal(await page.getByTestId("yahoo-table").evaluate((e) => e.tagName), "UL");
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390);
    } finally {
      await browser.close();
      await server.close();
      await fake.close();
    }
  },
});

Deno.test({
  name:
    "yahoo page: without two dates it warns and fetches nothing; a failure shows the error toast",
  ...E2E_OPTS,
  async fn() {
    const fake = startFakeYahoo();
    const server = await startE2EServer({ YAHOO_URL: fake.url });
    const browser = await launchBrowser();
    try {
      const user = await server.user("Lead");
      const page = await browser.newPage({ timezoneId: "UTC" });
      await signInUi(page, server, user, "/login?from=%2Fyahoo-finance");
      await page.waitForURL("**/yahoo-finance");
      await page.getByTestId("yahoo-fetch").click();
      await page.getByText("Please select a date range.").waitFor();

      // One date is not a range either.
      await page.getByTestId("yahoo-range").click();
      await page.locator("table button:not([data-outside])").first().click();
      await page.keyboard.press("Escape");
      await page.getByTestId("yahoo-fetch").click();
      await page.getByText("Please select a date range.").nth(1).waitFor();
      assert.equal(fake.requests.length, 0);
      assert.equal(await page.getByTestId("yahoo-table").count(), 0);

      await pickLastMonth(page, 2, 9);
      fake.queue({
        status: 400,
        body: {
          chart: {
            result: null,
            error: { code: "Bad Request", description: "Data doesn't exist" },
          },
        },
      });
      await page.getByTestId("yahoo-fetch").click();
      await page.getByText("Failed to fetch Yahoo Finance data.").waitFor();
      await page.getByText("Yahoo Finance: Data doesn't exist").waitFor();
      assert.equal(fake.requests.length, 1);
    } finally {
      await browser.close();
      await server.close();
      await fake.close();
    }
  },
});
