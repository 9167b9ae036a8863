// Staff steps done on screen, shared by the browser tests: creating a user from the avatar menu and
// a first sign-in that enrols TOTP from the secret the page shows.
import type { Page } from "playwright-core";
import { totpCode } from "../../../server/auth/totp.ts";
import type { E2EServer } from "./server.ts";

export async function createUserUi(page: Page, fields: Record<string, string>) {
  await page.getByTestId("avatar-menu").click();
  await page.getByTestId("menu-create-user").click();
  for (const [name, value] of Object.entries(fields)) {
    const input = page.getByTestId(`new-user-${name}`);
    if (name === "role") await input.selectOption(value);
    else await input.fill(value);
  }
  await page.getByTestId("new-user-submit").click();
}

/** First sign-in of a new user: password, then TOTP enrolment from the secret shown. */
export async function enrolUi(page: Page, server: E2EServer, username: string, password: string) {
  await page.goto(server.baseUrl + "/login");
  await page.getByTestId("login-username").fill(username);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByTestId("enrol-code").fill(await totpCode(secret, server.clock.now()));
  await page.getByTestId("enrol-submit").click();
  await page.waitForURL("**/dashboard");
}
