import assert from "node:assert/strict";
import { E2E_OPTS, launchBrowser, openTrading } from "./support/browser.ts";
import { startE2EServer } from "./support/server.ts";

Deno.test({
  name: "content policy: the client signs in, trades and draws its chart with no CSP violation",
  ...E2E_OPTS,
  async fn() {
    const server = await startE2EServer();
    const browser = await launchBrowser();
    try {
      const user = await server.user("Admin");
      const page = await browser.newPage();
      const violations: string[] = [];
      page.on("console", (m) => {
        if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
      });
      await page.addInitScript(() =>
        document.addEventListener(
          "securitypolicyviolation",
          (e) => console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI}`),
        )
      );
      await openTrading(page, server, user);
      await page.getByTestId("buy-button").click();
      await page.goto(server.baseUrl + "/yahoo-finance");
      await page.getByText("BTC Chart via Yahoo Finance").waitFor();
      assert.deepEqual(violations, []);
    } finally {
      await browser.close();
      await server.close();
    }
  },
});
