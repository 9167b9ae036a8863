import assert from "node:assert/strict";
import { E2E_OPTS, launchBrowser, signInToDashboard } from "./support/browser.ts";
import { startE2EServer } from "./support/server.ts";

Deno.test({
  name: "audit: an Admin creates a user and reads it in the audit log; for a User it is a 404",
  ...E2E_OPTS,
  async fn() {
    const server = await startE2EServer();
    const browser = await launchBrowser();
    try {
      const admin = await server.user("Admin", "audit_admin");
      const created = await server.call("POST", "/api/users/register", {
        token: admin.token,
        body: {
          email: "audited@example.com",
          username: "audited_user",
          role: "Lead",
          password: "audited-pass1",
          confirmPassword: "audited-pass1",
        },
      });
      assert.equal(created.status, 201, await created.text());

      const page = await browser.newPage();
      await signInToDashboard(page, server, admin);
      await page.getByTestId("sidebar").getByText("Audit Log").click();
      await page.waitForURL("**/audit");
      const entry = page.getByTestId("audit-table").locator("tbody tr", {
        hasText: "User created",
      });
      await entry.waitFor();
      const cells = await entry.locator("td").allTextContents();
      assert.equal(cells.length, 5);
      assert.match(cells[0], /^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
      assert.deepEqual(cells.slice(1, 4), ["audit_admin", "User created", "audited_user"]);
      // The details in the database's key order (jsonb's, not the order they were written in).
      assert.deepEqual(cells[4].split(", ").sort(), [
        "email: audited@example.com",
        "role: Lead",
        "username: audited_user",
      ]);

      // The action filter asks the server for that action only.
      await page.getByTestId("audit-action-filter").selectOption("user.created");
      await page.getByTestId("audit-total").getByText(/^1 /).waitFor();
      assert.equal(await page.getByTestId("audit-table").locator("tbody tr").count(), 1);
      await page.getByTestId("audit-action-filter").selectOption("user.deleted");
      await page.getByTestId("audit-empty").getByText("No audit entries.").waitFor();
      assert.equal(await page.getByTestId("audit-table").locator("tbody tr").count(), 0);

      const user = await server.user("User");
      const userPage = await (await browser.newContext()).newPage();
      await signInToDashboard(userPage, server, user);
      assert.equal(await userPage.getByTestId("sidebar").getByText("Audit Log").count(), 0);
      await userPage.goto(server.baseUrl + "/audit");
      await userPage.getByTestId("error-404").waitFor();
      assert.equal(await userPage.getByTestId("audit-table").count(), 0);
    } finally {
      await browser.close();
      await server.close();
    }
  },
});
