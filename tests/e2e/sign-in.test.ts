import assert from "node:assert/strict";
import { totpCode } from "../../server/auth/totp.ts";
import { seedFirstSuperAdmin } from "../../server/seeds/seed-admin.ts";
import { signInToDashboard, signInUi } from "./support/browser.ts";
import { e2eTest } from "./support/e2e-test.ts";

e2eTest(
  "sign-in: the first SuperAdmin enrols TOTP, lands on /dashboard, changes language, logs out",
  async ({ server, browser }) => {
    await seedFirstSuperAdmin(server.deps);
    const page = await browser.newPage();
    await page.goto(server.baseUrl + "/");
    await page.waitForURL("**/login");
    await page.getByTestId("login-username").fill("superadmin");
    await page.getByTestId("login-password").fill("firstpass1");
    await page.getByTestId("login-submit").click();

    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    assert.match(secret, /^[A-Z2-7]{16,}$/);
    await page.getByTestId("enrol-code").fill(await totpCode(secret, server.clock.now()));
    await page.getByTestId("enrol-submit").click();
    await page.waitForURL("**/dashboard");
    await page.getByTestId("sidebar").getByText("Bot Keys").waitFor();
    await page.getByTestId("footer").getByText("Gate Bot ©2022 Created by Gate Bot").waitFor();

    await page.getByTestId("language-select").first().selectOption("zh");
    await page.getByTestId("sidebar").getByText("仪表盘").waitFor();
    // The choice is remembered across a reload.
    await page.reload();
    await page.getByTestId("sidebar").getByText("仪表盘").waitFor();

    await page.getByTestId("avatar-menu").click();
    await page.getByTestId("menu-logout").click();
    await page.waitForURL((url) => url.pathname === "/login");
    const stored = await page.evaluate(() => localStorage.getItem("gatebot.session"));
    assert.equal(stored, null);
  },
  { ADMIN_PASSWORD: "firstpass1" },
);

e2eTest(
  "sign-in: a deep link goes to /login and back to the page after sign-in",
  async ({ server, browser }) => {
    const user = await server.user("Admin");
    const page = await browser.newPage();
    await page.goto(server.baseUrl + "/manage-users");
    await page.waitForURL((url) => url.pathname === "/login");
    assert.equal(new URL(page.url()).searchParams.get("from"), "/manage-users");
    await signInUi(page, server, user, new URL(page.url()).pathname + new URL(page.url()).search);
    await page.waitForURL((url) => url.pathname === "/manage-users");
  },
);

e2eTest(
  "sign-in: a wrong code shows the error and stays on /login; a 401 later signs out with 'your session ended'",
  async ({ server, browser }) => {
    const user = await server.user("User");
    const page = await browser.newPage();
    await page.goto(server.baseUrl + "/login");
    await page.getByTestId("login-username").fill(user.username);
    await page.getByTestId("login-password").fill(user.password);
    await page.getByTestId("login-code").fill("000000");
    await page.getByTestId("login-submit").click();
    await page.getByTestId("login-error").waitFor();
    assert.equal(new URL(page.url()).pathname, "/login");

    await signInToDashboard(page, server, user);
    // Revoke every session server-side: the next call answers 401 and the client signs out.
    const { revokeUserSessions } = await import("../../server/auth/sessions.ts");
    await revokeUserSessions(server.deps.db, user.id, server.clock.now());
    await page.goto(server.baseUrl + "/dashboard");
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByTestId("session-ended")
      .getByText("Your session ended. Please sign in again.").waitFor();

    // Signed in again, /login is no place to be: it goes to the dashboard.
    await signInToDashboard(page, server, user);
    await page.goto(server.baseUrl + "/login");
    await page.waitForURL("**/dashboard");
    // Signing out oneself is no ended session: no notice.
    await page.getByTestId("avatar-menu").click();
    await page.getByTestId("menu-logout").click();
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByTestId("login-username").waitFor();
    assert.equal(await page.getByTestId("session-ended").count(), 0);
  },
);

e2eTest(
  "layout: a mobile-width viewport collapses the sidebar and the burger opens it",
  async ({ server, browser }) => {
    const user = await server.user("User");
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await signInToDashboard(page, server, user);
    const sidebar = page.getByTestId("sidebar");
    // Drawn first: "hidden" is also what a sidebar not yet drawn is. The collapsed one is hidden
    // once it has slid out, so its links are not in the Tab order.
    await sidebar.waitFor({ state: "attached" });
    await sidebar.waitFor({ state: "hidden" });
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press("Tab");
      const inSidebar = await page.evaluate(() =>
        !!document.activeElement?.closest("[data-testid=sidebar]")
      );
      assert.equal(inSidebar, false, `Tab ${i + 1} reached the collapsed sidebar`);
    }
    await page.getByTestId("menu-toggle").click();
    await sidebar.waitFor({ state: "visible" });
    // A User sees only the Dashboard and the chart, none of the admin areas.
    assert.equal(await sidebar.getByText("Manage Users").count(), 0);
    assert.equal(await sidebar.getByText("Bot Keys").count(), 0);

    // The same session on a desktop-width window shows the sidebar open.
    const desktop = await context.newPage();
    await desktop.setViewportSize({ width: 1400, height: 900 });
    await desktop.goto(server.baseUrl + "/dashboard");
    await desktop.getByTestId("sidebar").waitFor({ state: "visible" });
    // A page the role may not open is not there for it.
    await desktop.goto(server.baseUrl + "/manage-users");
    await desktop.getByTestId("error-404").waitFor();
  },
);

e2eTest(
  "sign-in: zod's own issues show in the reader's language in a form",
  async ({ server, browser }) => {
    const page = await browser.newPage();
    await page.addInitScript(() => localStorage.setItem("gatebot.lang", "fr"));
    await page.goto(server.baseUrl + "/login");
    await page.getByTestId("login-username").fill("u".repeat(101));
    await page.getByTestId("login-password").fill("secret12");
    await page.getByTestId("login-submit").click();
    await page.getByText("Trop long : au plus 100 caractères").waitFor();
    assert.equal(await page.getByText("Too long").count(), 0);
  },
);
