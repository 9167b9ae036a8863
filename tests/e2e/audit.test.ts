import assert from "node:assert/strict";
import { signInToDashboard } from "./support/browser.ts";
import { e2eTest } from "./support/e2e-test.ts";

e2eTest(
  "audit: an Admin creates a user and reads it in the audit log; for a User it is a 404",
  async ({ server, browser }) => {
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
      hasText: "Created user",
    });
    await entry.waitFor();
    const cells = await entry.locator("td").allTextContents();
    assert.equal(cells.length, 5);
    assert.match(cells[0], /^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
    // The action in words; the sign-in of the admin is there too.
    assert.deepEqual(cells.slice(1, 4), ["audit_admin", "Created user", "audited_user"]);
    await page.getByTestId("audit-table").getByText("Signed in").first().waitFor();
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

    // By actor: a failed sign-in names the username tried, with nobody signed in.
    await page.getByTestId("audit-action-filter").selectOption("");
    server.clock.advance(30_000);
    await server.call("POST", "/api/users/login", {
      body: { username: "audited_user", password: "wrong-password" },
    });
    await page.getByTestId("audit-actor-filter").fill("audited");
    const failed = page.getByTestId("audit-table").locator("tbody tr", {
      hasText: "Failed sign-in",
    });
    await failed.waitFor();
    await page.getByTestId("audit-total").getByText("1 entry").waitFor();
    // In French, the action and the detail names are words too.
    await page.getByTestId("language-select").selectOption("fr");
    const inFrench = page.getByTestId("audit-table").locator("tbody tr", {
      hasText: "Échec de connexion",
    });
    await inFrench.getByText(/erroné: password/).waitFor();
    await page.getByTestId("language-select").selectOption("en");

    const user = await server.user("User");
    const userPage = await (await browser.newContext()).newPage();
    await signInToDashboard(userPage, server, user);
    assert.equal(await userPage.getByTestId("sidebar").getByText("Audit Log").count(), 0);
    await userPage.goto(server.baseUrl + "/audit");
    await userPage.getByTestId("error-404").waitFor();
    assert.equal(await userPage.getByTestId("audit-table").count(), 0);
  },
);
