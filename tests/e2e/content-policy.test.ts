import assert from "node:assert/strict";
import { setUser } from "../api/transactions-fixtures.ts";
import { openTrading } from "./support/browser.ts";
import { e2eTest } from "./support/e2e-test.ts";

e2eTest(
  "content policy: the client signs in, trades and draws its chart with no CSP violation",
  async ({ server, browser }) => {
    const user = await server.user("Admin");
    await setUser(server, user.id, { tradingAmount: "100" });
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
  },
);
