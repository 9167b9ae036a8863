// Debian's Chromium driven by playwright-core (Playwright's own browser download is not used).
import { type Browser, chromium, type Page } from "playwright-core";
import { totpCode } from "../../../server/auth/totp.ts";
import type { E2EServer } from "./server.ts";

const CANDIDATES = [
  Deno.env.get("CHROMIUM_PATH"),
  "/usr/lib/chromium/chromium",
  "/usr/bin/chromium",
];

function findChromium(): string | null {
  for (const path of CANDIDATES) {
    if (!path) continue;
    try {
      if (Deno.statSync(path).isFile) return path;
    } catch {
      // try the next
    }
  }
  return null;
}

export const chromiumPath = findChromium();

/** Browser tests are skipped, loudly, where no Chromium is installed (.ci/run installs it). */
const noBrowser = chromiumPath === null;
if (noBrowser) {
  console.warn("No Chromium found: browser tests are skipped. apt-get install chromium");
}

/** Every browser test's Deno.test options: skipped without Chromium, no op or resource sanitizers. */
export const E2E_OPTS = { ignore: noBrowser, sanitizeOps: false, sanitizeResources: false };

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath!, args: ARGS });
}

/**
 * A browser with a profile on disk, as a user's is: Chromium will not install, and treats some
 * features differently, in the incognito contexts launchBrowser makes. Close it, then remove `dir`.
 */
export async function launchProfile() {
  const dir = await Deno.makeTempDir({ prefix: "gatebot-profile-" });
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath!,
    args: ARGS,
  });
  return {
    context,
    async close() {
      await context.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

export interface UiUser {
  username: string;
  password: string;
  totpSecret: string;
}

/**
 * Signs in through the login form with a fresh TOTP code. The server refuses a code's time step
 * twice, so the clock is moved to the next step first.
 */
export async function signInUi(page: Page, server: E2EServer, user: UiUser, path = "/login") {
  server.clock.advance(30_000);
  await page.goto(server.baseUrl + path);
  await page.getByTestId("login-username").fill(user.username);
  await page.getByTestId("login-password").fill(user.password);
  await page.getByTestId("login-code").fill(await totpCode(user.totpSecret, server.clock.now()));
  await page.getByTestId("login-submit").click();
}

/** Signs in through the login form and waits for the dashboard it lands on. */
export async function signInToDashboard(page: Page, server: E2EServer, user: UiUser) {
  await signInUi(page, server, user);
  await page.waitForURL("**/dashboard");
}

/** Signs in and waits for the dashboard's live price. */
export async function openTrading(page: Page, server: E2EServer, user: UiUser) {
  await signInToDashboard(page, server, user);
  await page.getByTestId("live-price").getByText("$").waitFor();
}

/** Waits until the service worker has installed (cached the app shell) and controls the page. */
export async function untilControlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) => navigator.serviceWorker.addEventListener("controllerchange", r));
    }
  });
}
