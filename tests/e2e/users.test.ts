import assert from "node:assert/strict";
import { totpCode } from "../../server/auth/totp.ts";
import { signInToDashboard, signInUi } from "./support/browser.ts";
import { createUserUi, enrolUi } from "./support/desk-ui.ts";
import { e2eTest } from "./support/e2e-test.ts";

e2eTest(
  "users: an Admin creates a Lead, who enrols and sees a Lead's menus, then is deleted",
  async ({ server, browser }) => {
    const admin = await server.user("Admin");
    const adminPage = await browser.newPage();
    await signInToDashboard(adminPage, server, admin);

    // The form checks the shared schema before anything is sent.
    await createUserUi(adminPage, { email: "bad", username: "abc" });
    await adminPage.getByText("Invalid email address").waitFor();
    await adminPage.getByText("Username must be at least 5 characters").waitFor();
    // An Admin is offered roles up to Admin, never SuperAdmin.
    const roles = await adminPage.getByTestId("new-user-role").locator("option")
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    assert.deepEqual(roles, ["Admin", "Lead", "User"]);
    await adminPage.keyboard.press("Escape");

    await createUserUi(adminPage, {
      email: "lead.one@example.com",
      username: "lead_one",
      role: "Lead",
      password: "leadpass1",
      confirmPassword: "leadpass1",
    });
    await adminPage.getByText("Create Success").waitFor();
    // A duplicate shows the server's message.
    await createUserUi(adminPage, {
      email: "lead.two@example.com",
      username: "lead_one",
      password: "leadpass1",
      confirmPassword: "leadpass1",
    });
    await adminPage.getByText('Username "lead_one" is already taken.').waitFor();
    await adminPage.keyboard.press("Escape");

    await adminPage.goto(server.baseUrl + "/manage-users");
    const leadRow = adminPage.getByTestId("user-row-lead_one");
    await leadRow.waitFor();
    assert.equal(await adminPage.getByTestId("role-select-lead_one").inputValue(), "Lead");

    const leadContext = await browser.newContext();
    const leadPage = await leadContext.newPage();
    await enrolUi(leadPage, server, "lead_one", "leadpass1");
    const sidebar = leadPage.getByTestId("sidebar");
    await sidebar.getByText("Manage Users").click();
    await sidebar.getByText("Users", { exact: true }).waitFor();
    assert.equal(await sidebar.getByText("Shifts").count(), 0);
    assert.equal(await sidebar.getByText("Bot Keys").count(), 0);
    assert.equal(await sidebar.getByText("Profits").count(), 0);
    await leadPage.getByTestId("avatar-menu").click();
    await leadPage.getByTestId("menu-change-password").waitFor();
    await leadPage.getByTestId("menu-logout").waitFor();
    assert.equal(await leadPage.getByTestId("menu-create-user").count(), 0);
    await leadPage.keyboard.press("Escape");
    // A Lead may look users up, but sees no email and no actions.
    await sidebar.getByText("Users", { exact: true }).click();
    await leadPage.getByTestId("user-row-lead_one").waitFor();
    assert.equal(await leadPage.getByTestId(`delete-${admin.username}`).count(), 0);
    assert.equal(await leadPage.getByTestId(`role-select-${admin.username}`).count(), 0);
    assert.equal(await leadPage.getByText("lead.one@example.com").count(), 0);

    await adminPage.getByTestId("delete-lead_one").click();
    await adminPage.getByTestId("confirm-delete").click();
    await adminPage.getByText("lead_one deleted.").waitFor();
    await leadRow.waitFor({ state: "detached" });

    // The Lead's next action meets a revoked session and lands on /login (a realtime `logout`
    // may have got there first, which is as good).
    await leadPage.getByTestId("users-search").fill("lead", { timeout: 5000 }).catch(() => {});
    await leadPage.waitForURL((url) => url.pathname === "/login");
  },
);

e2eTest(
  "users: the table, role change and password modal work, in all five languages",
  async ({ server, browser }) => {
    const admin = await server.user("SuperAdmin");
    const target = await server.user("User", "staff_target");
    const page = await browser.newPage();
    await signInUi(page, server, admin, "/login?from=/manage-users");
    await page.waitForURL("**/manage-users");

    // A role change asks first; a promotion to SuperAdmin says plainly what it hands over.
    await page.getByTestId("role-select-staff_target").selectOption("SuperAdmin");
    await page.getByTestId("role-superadmin-warning").getByText(/full control/).waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    assert.equal(await page.getByTestId("role-select-staff_target").inputValue(), "User");
    await page.getByTestId("role-select-staff_target").selectOption("Lead");
    await page.getByText("Change the role of staff_target from User to Lead?", { exact: false })
      .waitFor();
    assert.equal(await page.getByTestId("role-superadmin-warning").count(), 0);
    await page.getByTestId("confirm-role").click();
    await page.getByText("Role of staff_target changed to Lead.").waitFor();
    await page.getByTestId("change-password-staff_target").click();
    await page.getByTestId("user-new-password").fill("fresh-pass1");
    await page.getByTestId("user-confirm-password").fill("fresh-pass2");
    await page.getByTestId("user-password-submit").click();
    await page.getByText("Passwords must match.").waitFor();
    await page.getByTestId("user-confirm-password").fill("fresh-pass1");
    await page.getByTestId("user-password-submit").click();
    await page.getByText("Change Password Success").waitFor();
    server.clock.advance(30_000);
    const relogin = await server.call("POST", "/api/users/login", {
      body: {
        username: target.username,
        password: "fresh-pass1",
        code: await totpCode(target.totpSecret, server.clock.now()),
      },
    });
    assert.equal(relogin.status, 200);
    await relogin.body?.cancel();

    await page.getByTestId("users-search").fill("staff");
    await page.getByTestId(`user-row-${admin.username}`).waitFor({ state: "detached" });
    assert.equal(await page.getByTestId("users-table").locator("tbody tr").count(), 1);

    const titles = { zh: "用户", es: "Usuarios", fr: "Utilisateurs", it: "Utenti", en: "Users" };
    for (const [lang, title] of Object.entries(titles)) {
      await page.getByTestId("language-select").first().selectOption(lang);
      await page.getByTestId("users-title").getByText(title, { exact: true }).waitFor();
    }
  },
);
