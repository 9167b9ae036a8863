// axe-core on every route at a desktop and a phone size: no critical or serious violation.
import assert from "node:assert/strict";
import { startFakeYahoo } from "../fakes/fake-yahoo.ts";
import { E2E_OPTS, launchBrowser } from "./support/browser.ts";
import { startE2EServer } from "./support/server.ts";
import { contextWith, SIGNED_IN_ROUTES, storedSession } from "./support/stored-session.ts";
import { pageVisits } from "./support/visit.ts";
import { seriousViolations } from "./support/axe.ts";

const SIZES = [{ width: 1440, height: 900 }, { width: 390, height: 844 }];

Deno.test(
  "accessibility: no critical or serious axe violation on any route at 1440x900 and 390x844",
  E2E_OPTS,
  async () => {
    const yahoo = startFakeYahoo();
    const server = await startE2EServer({ YAHOO_URL: yahoo.url });
    const browser = await launchBrowser();
    try {
      const admin = await server.user("SuperAdmin");
      const session = await storedSession(browser, server, admin);
      // The sizes at once, each in its own contexts: the walk reads and changes nothing on the
      // server, and waits on the network as much as it works.
      const found = await Promise.all(SIZES.map(async (size) => {
        const out = await contextWith(browser, server, { viewport: size });
        const login = await out.newPage();
        await login.goto(`${server.baseUrl}/login`);
        await login.getByTestId("login-username").waitFor();
        const seen = (await seriousViolations(login)).map((v) => `/login ${size.width}: ${v}`);
        await out.close();

        const context = await contextWith(browser, server, { session, viewport: size });
        const page = await context.newPage();
        const visit = pageVisits(page, server.baseUrl);
        for (const route of SIGNED_IN_ROUTES) {
          await visit(route);
          seen.push(...(await seriousViolations(page)).map((v) => `${route} ${size.width}: ${v}`));
        }
        await context.close();
        return seen;
      }));
      assert.deepEqual(found.flat(), []);
    } finally {
      await browser.close();
      await server.close();
      await yahoo.close();
    }
  },
);
