// A signed-in browser without the sign-in form each time: the session the client keeps in
// localStorage, taken once through the form and handed to fresh contexts (empty cache, any size).
import type { Browser } from "playwright-core";
import { signInToDashboard, type UiUser } from "./browser.ts";
import type { E2EServer } from "./server.ts";

export const SESSION_KEY = "gatebot.session";

/** Every page behind sign-in, and one that does not exist (the 404 page). */
export const SIGNED_IN_ROUTES = [
  "/dashboard",
  "/yahoo-finance",
  "/manage-users",
  "/shift",
  "/bot-keys/gate",
  "/profit",
  "/calls",
  "/audit",
  "/reconciliation",
  "/no-such-page",
];

/** Signs `user` in through the form and returns the stored session. */
export async function storedSession(browser: Browser, server: E2EServer, user: UiUser) {
  const page = await browser.newPage();
  await signInToDashboard(page, server, user);
  const session = await page.evaluate((key) => localStorage.getItem(key)!, SESSION_KEY);
  await page.close();
  return session;
}

/** A fresh context, signed in with `session` and showing `lang` when given. */
export function contextWith(
  browser: Browser,
  server: E2EServer,
  opts: { session?: string; lang?: string; viewport?: { width: number; height: number } } = {},
) {
  const localStorage = [
    ...(opts.session ? [{ name: SESSION_KEY, value: opts.session }] : []),
    ...(opts.lang ? [{ name: "gatebot.lang", value: opts.lang }] : []),
  ];
  return browser.newContext({
    viewport: opts.viewport,
    storageState: { cookies: [], origins: [{ origin: server.baseUrl, localStorage }] },
  });
}
