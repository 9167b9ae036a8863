import assert from "node:assert/strict";
import { E2E_OPTS, launchBrowser, signInToDashboard } from "./support/browser.ts";
import { startE2EServer } from "./support/server.ts";

Deno.test({
  name:
    "halts: an Admin halts trading from the controls page; another user's banner shows it at once",
  ...E2E_OPTS,
  async fn() {
    const server = await startE2EServer();
    const browser = await launchBrowser();
    try {
      const admin = await server.user("Admin", "halt_admin");
      const user = await server.user("User", "halted_user");
      const userPage = await (await browser.newContext()).newPage();
      await signInToDashboard(userPage, server, user);
      // Italian: the banner follows the user's language.
      await userPage.evaluate(() => localStorage.setItem("gatebot.lang", "it"));
      await userPage.reload();
      await userPage.getByTestId("footer").waitFor();
      assert.equal(await userPage.getByTestId("halt-banner").count(), 0);

      const page = await (await browser.newContext()).newPage();
      await signInToDashboard(page, server, admin);
      await page.getByTestId("sidebar").getByText("Trading Controls").click();
      await page.waitForURL("**/trading-controls");
      await page.getByTestId("halt-submit").click();
      await page.getByText("Required").waitFor();
      await page.getByTestId("halt-scope").selectOption("exchange");
      await page.getByTestId("halt-exchange").selectOption("gate");
      await page.getByTestId("halt-reason").fill("Gate incident");
      await page.getByTestId("halt-submit").click();

      const started = performance.now();
      await userPage.getByTestId("halt-banner")
        .getByText("Il trading su Gate è sospeso: Gate incident").waitFor({ timeout: 1000 });
      assert.ok(performance.now() - started < 1000);
      await page.getByTestId("halt-banner").getByText("Trading on Gate is halted").waitFor();

      await page.getByTestId("halt-release").click();
      await userPage.getByTestId("halt-banner").waitFor({ state: "detached", timeout: 1000 });
      await page.getByTestId("halts-none").waitFor();

      // A User has no controls page.
      assert.equal(await userPage.getByTestId("sidebar").getByText("Controllo trading").count(), 0);
    } finally {
      await browser.close();
      await server.close();
    }
  },
});
