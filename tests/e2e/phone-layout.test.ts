// A staff member's phone (390x844): the topbar of Lead and above fits in 110 px, the language is
// changed from the avatar menu, and the wide lists are cards with their actions in reach.
import assert from "node:assert/strict";
import { botKeys, shifts, tradingHalts, tradingLimits } from "../../server/db/schema.ts";
import { openTrading } from "./support/browser.ts";
import { type E2EServer, insertTrades } from "./support/server.ts";
import { contextWith, storedSession } from "./support/stored-session.ts";
import { e2eTest } from "./support/e2e-test.ts";
import { seriousViolations } from "./support/axe.ts";

const PHONE = { width: 390, height: 844 };

e2eTest(
  "phone: Lead and SuperAdmin topbars fit in 110 px; the language is in the avatar menu",
  async ({ server, browser }) => {
    for (const role of ["Lead", "SuperAdmin"] as const) {
      const user = await server.user(role);
      const page = await browser.newPage({ viewport: PHONE });
      await openTrading(page, server, user);
      // In every language, since the words differ in length.
      for (const lang of ["en", "fr", "es", "it", "zh"]) {
        if (lang !== "en") {
          await page.getByTestId("avatar-menu").click();
          await page.getByTestId(`menu-lang-${lang}`).click();
          await page.waitForFunction((l) => document.documentElement.lang === l, lang);
        }
        const header = (await page.locator("header").first().boundingBox())!;
        assert.ok(header.height <= 110, `${role} ${lang} topbar is ${header.height} px`);
        // Every control still shows inside the topbar.
        for (
          const id of ["buy-button", "sell-button", "pair-select", "shift-end", "avatar-menu"]
        ) {
          const box = (await page.getByTestId(id).boundingBox())!;
          assert.ok(box.y + box.height <= header.y + header.height + 1, `${role} ${lang} ${id}`);
          assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width + 1, `${role} ${lang} ${id}`);
        }
      }
      await page.close();
    }
  },
);

/** The wide lists: route, the list's test id, and what its rows need to exist. */
const LISTS = [
  { route: "/manage-users", list: "users-table" },
  { route: "/dashboard", list: "transactions-BUY" },
  { route: "/shift", list: "shifts-table" },
  { route: "/bot-keys/gate", list: "bot-keys-table" },
  { route: "/profit", list: "profits-table" },
  { route: "/audit", list: "audit-table" },
  { route: "/trading-controls", list: "halts-table" },
  { route: "/trading-controls", list: "limits-table" },
];

e2eTest(
  "phone: the wide lists are cards with every field and action in reach; a desk keeps tables",
  async ({ server, browser }) => {
    const admin = await server.user("SuperAdmin");
    const user = await server.user("User");
    await seedRows(server, admin.id);
    const session = await storedSession(browser, server, admin);
    for (const size of [PHONE, { width: 1440, height: 900 }]) {
      const context = await contextWith(browser, server, { session, viewport: size });
      const page = await context.newPage();
      for (const { route, list } of LISTS) {
        await page.goto(server.baseUrl + route);
        const rows = page.getByTestId(list).locator(size === PHONE ? "> li" : "tbody tr");
        await rows.first().waitFor();
        const tag = await page.getByTestId(list).evaluate((e) => e.tagName);
        if (size !== PHONE) {
          assert.equal(tag, "TABLE", `${route} at ${size.width}`);
          continue;
        }
        assert.equal(tag, "UL", `${route} at ${size.width}`);
        // Nothing scrolls sideways: the page is no wider than the phone.
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(wide <= PHONE.width, `${route} is ${wide} px wide`);
        // Each card names its fields, and each of its controls shows whole on the screen.
        const first = rows.first();
        assert.ok(await first.locator("dt").count() >= 2, `${route}: labelled fields`);
        for (const control of await first.locator("button, select, input, a").all()) {
          if (!(await control.isVisible())) continue;
          const box = (await control.boundingBox())!;
          const name = `${route} ${await control.evaluate((e) => e.outerHTML.slice(0, 80))}`;
          assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, name);
          // Nor is its label cut short.
          const clipped = await control.evaluate((e) =>
            [e, ...e.querySelectorAll("*")].some((el) => el.scrollWidth > el.clientWidth + 1)
          );
          assert.ok(!clipped, `${name} is cut short`);
        }
        // The cards hold rows here, which the whole-route axe test may not have.
        const found = await seriousViolations(page, `[data-testid="${list}"]`);
        assert.deepEqual(found.map((v) => `${route} ${v}`), []);
      }
      await context.close();
    }
    // The actions of a card work: the other user's role select and Delete are there to use.
    const context = await contextWith(browser, server, { session, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/manage-users`);
    await page.getByTestId(`role-select-${user.username}`).waitFor();
    await page.getByTestId(`delete-${user.username}`).click();
    await page.getByRole("dialog").waitFor();
    await context.close();
  },
);

/**
 * One row in each list: a BUY and a DONE transaction, a shift, a Gate bot key, a halt of one
 * exchange and an order limit.
 */
async function seedRows(server: E2EServer, userId: number) {
  const db = server.deps.db;
  await insertTrades(server, userId, ["BUY", "DONE"]);
  const now = server.clock.now().getTime();
  await db.insert(shifts).values({
    timeStart: new Date(now),
    timeEnd: new Date(now + 8 * 3_600_000),
    interval: 8,
    userIds: [userId],
  });
  await db.insert(botKeys).values({
    exchange: "gate",
    username: "bot_phone",
    key: "sealed-key",
    secret: "sealed-secret",
  });
  await db.insert(tradingHalts).values({
    scope: "exchange",
    exchange: "binance",
    reason: "Phone check",
    stopsClosing: true,
    createdBy: userId,
  });
  await db.insert(tradingLimits).values({ userId, exchange: "gate", maxPerOrder: "500" });
}

e2eTest(
  "phone: the dashboard does not move while its panels load (layout shift)",
  async ({ server, browser }) => {
    for (const role of ["Lead", "User", "SuperAdmin"] as const) {
      const user = await server.user(role);
      const session = await storedSession(browser, server, user);
      const context = await contextWith(browser, server, { session, viewport: PHONE });
      const page = await context.newPage();
      // The layout shifts Chromium reports (Lighthouse's CLS sums them), from the page's start.
      await page.addInitScript(() => {
        const w = globalThis as unknown as { shifts: string[]; shifted: number };
        w.shifts = [];
        w.shifted = 0;
        const named = (n: Node | null) =>
          n instanceof Element
            ? `${n.closest("[data-testid]")?.getAttribute("data-testid") ?? "-"} ${n.tagName}`
            : n?.nodeName ?? "-";
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as LayoutShift[]) {
            w.shifted += e.value;
            const moved = e.sources.map((s) =>
              `${named(s.node)} y ${s.previousRect.y}->${s.currentRect.y} h ` +
              `${s.previousRect.height}->${s.currentRect.height}`
            );
            w.shifts.push(`${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms: ${moved}`);
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      // The panels' answers come once the page shows, as on a slow network: each panel is drawn
      // waiting first, then filled.
      let release: () => void = () => {};
      const shown = new Promise<void>((r) => release = r);
      await page.route(/\/api\/(desk\/|calls\/figures|transaction\?)/, async (route) => {
        await shown;
        await route.continue();
      });
      await page.goto(server.baseUrl + "/dashboard");
      await page.getByTestId("dashboard-balances").waitFor();
      await page.getByTestId("buy-button").waitFor();
      await page.waitForFunction(() => new Promise((r) => requestAnimationFrame(() => r(true))));
      release();
      await page.getByTestId("positions-empty").waitFor();
      await page.getByTestId("closed-empty").waitFor();
      await page.getByTestId("today-me").waitFor();
      await page.getByTestId("balance-btc").waitFor();
      await page.waitForFunction(() => new Promise((r) => requestAnimationFrame(() => r(true))));
      const { shifted, shifts } = await page.evaluate(() => {
        const w = globalThis as unknown as { shifts: string[]; shifted: number };
        return { shifted: w.shifted, shifts: w.shifts };
      });
      // Lighthouse calls under 0.1 good; a shift of the whole page by the topbar's second row was
      // 0.035 alone.
      assert.ok(
        shifted < 0.01,
        `${role}: the dashboard moved by ${shifted.toFixed(4)}:\n${shifts.join("\n")}`,
      );
      await context.close();
    }
  },
);

/** Chromium's layout-shift entry (not in TypeScript's DOM types). */
interface LayoutShift {
  value: number;
  startTime: number;
  sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
}
