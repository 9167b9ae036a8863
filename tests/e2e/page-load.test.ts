// A page load asks the API for each thing once, and the app shell paints before any script runs.
import assert from "node:assert/strict";
import { E2E_OPTS, launchBrowser, signInToDashboard } from "./support/browser.ts";
import { startE2EServer } from "./support/server.ts";
import { contextWith, storedSession } from "./support/stored-session.ts";
import { type E2EContext, e2eTest } from "./support/e2e-test.ts";
import type { Page } from "playwright-core";

/**
 * Asked again by design: prices are polled every second (docs/trading.md#price-refresh) until the
 * socket pushes them, and halts are read again once the socket has joined, for a change made in
 * between.
 */
const REPEATED = ["/api/Summaries/prices", "/api/trading-halts"];

e2eTest(
  "page load: /dashboard sends each API request once, at a desktop and a phone width",
  async ({ server, browser }) => {
    const lead = await server.user("Lead");
    const session = await storedSession(browser, server, lead);
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const context = await contextWith(browser, server, { session, viewport });
      const page = await context.newPage();
      const requests: string[] = [];
      page.on("request", (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith("/api/") && !REPEATED.includes(url.pathname)) {
          requests.push(`${r.method()} ${url.pathname}${url.search}`);
        }
      });
      // The list's code loads after the first paint: on a slow host its request can come more than
      // networkidle's 500 ms after the others, so the test waits for it by name.
      const listAsked = page.waitForRequest((r) => r.url().includes("/api/transaction?"));
      await page.goto(`${server.baseUrl}/dashboard`);
      await page.getByTestId("live-price").getByText("$").waitFor();
      await listAsked;
      await page.waitForLoadState("networkidle");
      const twice = requests.filter((r, i) => requests.indexOf(r) !== i);
      assert.deepEqual(twice, [], `at ${viewport.width} px: ${requests.join(", ")}`);
      await context.close();
    }
  },
);

e2eTest(
  "page load: a list shows that it is loading while its answer is on its way",
  async ({ server, browser }) => {
    const admin = await server.user("SuperAdmin");
    const page = await browser.newPage();
    await signInToDashboard(page, server, admin);
    // The users list answers only when the test lets it.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/users/search*", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.baseUrl}/manage-users`);
    await page.getByTestId("users-loading").waitFor();
    assert.equal(await page.getByTestId("users-table").getAttribute("aria-busy"), "true");
    release();
    await page.getByTestId("users-loading").waitFor({ state: "detached" });
    assert.equal(await page.getByTestId("users-table").getAttribute("aria-busy"), "false");
  },
);

Deno.test("page load: the app shell paints with no script at all", E2E_OPTS, async () => {
  const server = await startE2EServer();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    assert.equal(await page.locator(".boot-bar").textContent(), "Gate Bot");
    assert.ok(await page.getByRole("status").isVisible());
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
});

/**
 * Opens `path` with the entry script held back, and returns the files asked for meanwhile: the
 * first screen's code must not wait for the entry to arrive and run. Then lets the entry go and
 * checks that the page loads and fetches no file twice.
 */
async function askedBeforeEntry(
  { server, browser }: E2EContext,
  path: string,
  opts: { session?: string; lang?: string },
  ready: (page: Page) => Promise<void>,
) {
  const context = await contextWith(browser, server, opts);
  const page = await context.newPage();
  const assets: string[] = [];
  page.on("request", (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith("/assets/")) assets.push(pathname.replace(/-[\w-]{8}\./, "."));
  });
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let entryAsked!: () => void;
  const entry = new Promise<void>((r) => (entryAsked = r));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    entryAsked();
    await held;
    await route.continue();
  });
  const loaded = page.goto(`${server.baseUrl}${path}`);
  await entry;
  await page.waitForFunction(() => document.querySelectorAll("link[rel=modulepreload]").length > 2);
  // Each file a link names is asked for (the request follows the link by a moment).
  const linked = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload], link[rel=preload]")]
      .map((l) => new URL(l.href).pathname.replace(/-[\w-]{8}\./, "."))
  );
  for (let i = 0; i < 100 && !linked.every((file) => assets.includes(file)); i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const early = [...new Set(assets)].sort();
  release();
  await loaded;
  await ready(page);
  await page.waitForLoadState("networkidle");
  const twice = assets.filter((a, i) => assets.indexOf(a) !== i);
  assert.deepEqual(twice, [], `fetched twice on ${path}`);
  await context.close();
  return early;
}

e2eTest(
  "page load: the first screen's code is asked for with the entry script, not after it",
  async (ctx) => {
    const signedOut = await askedBeforeEntry(
      ctx,
      "/login",
      {},
      (page) => page.getByRole("button", { name: "Sign in" }).waitFor(),
    );
    assert.ok(signedOut.includes("/assets/login.js"), signedOut.join(", "));
    assert.ok(signedOut.includes("/assets/app.js"), signedOut.join(", "));
    assert.ok(!signedOut.some((a) => a.includes("signed-in")), signedOut.join(", "));

    const session = await storedSession(ctx.browser, ctx.server, await ctx.server.user("Lead"));
    const signedIn = await askedBeforeEntry(
      ctx,
      "/dashboard",
      { session, lang: "fr" },
      (page) => page.getByTestId("live-price").getByText("$").waitFor(),
    );
    for (const file of ["signed-in.js", "signed-in.css", "messages-fr.js"]) {
      assert.ok(signedIn.includes(`/assets/${file}`), `${file}: ${signedIn.join(", ")}`);
    }
    assert.ok(!signedIn.includes("/assets/login.js"), signedIn.join(", "));
  },
);

e2eTest(
  "page load: the theme's colours and responsive classes come with the first stylesheet",
  async ({ server, browser }) => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    const seen = await page.evaluate(() => ({
      printed: document.querySelectorAll("style[data-mantine-styles]").length,
      // BUY's shade (web/src/app/theme.ts), not Mantine's default teal.
      teal: getComputedStyle(document.documentElement)
        .getPropertyValue("--mantine-color-teal-filled").trim(),
      // Mantine's helper class for `visibleFrom="sm"`: hidden below 48em.
      visibleFromSm: (() => {
        const probe = document.body.appendChild(document.createElement("div"));
        probe.className = "mantine-visible-from-sm";
        return getComputedStyle(probe).display;
      })(),
    }));
    assert.deepEqual(seen, { printed: 0, teal: "#087f5b", visibleFromSm: "none" });
  },
);

e2eTest(
  "page load: until the first page's code has run, React keeps the splash on screen",
  async ({ server, browser }) => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/login-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.baseUrl}/login`);
    // React's own splash (its label is the app's "Loading…", boot.js wrote "Loading"): the entry
    // has run and committed, and the page is still not blank.
    await page.locator('[role=status][aria-label="Loading…"]').waitFor();
    assert.equal(await page.locator(".boot-bar").textContent(), "Gate Bot");
    release();
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    assert.equal(await page.locator(".boot-bar").count(), 0);
  },
);
