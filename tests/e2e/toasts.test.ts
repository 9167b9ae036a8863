// Toasts on a phone (390x844): one at a time at the top, under the topbar, so the last rows of a
// page (which cannot scroll out from under a toast at the bottom) stay in reach; closed on time even
// with the pointer on it (Mantine pauses a hovered toast, and a tap leaves the pointer there); and a
// success closes the error left from an earlier attempt.
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { giveKeys, setUser } from "../api/transactions-fixtures.ts";
import { until } from "../support/until.ts";
import { openTrading } from "./support/browser.ts";
import { createUserUi } from "./support/desk-ui.ts";
import { e2eTest } from "./support/e2e-test.ts";
import { contextWith, storedSession } from "./support/stored-session.ts";

const PHONE = { width: 390, height: 844 };

/** Saves `username`'s trading settings from their row; the toast it shows. */
async function saveSettings(page: Page, username: string, spread: string) {
  await page.getByTestId(`settings-${username}`).click();
  await page.getByTestId("settings-useBot").selectOption("buy_sell");
  await page.getByTestId("settings-tradingAmount").fill("100");
  await page.getByTestId("settings-spread").fill(spread);
  await page.getByTestId("settings-submit").click();
  const toast = page.locator("[data-toast=success]", {
    hasText: `Trading settings of ${username} saved.`,
  });
  await toast.waitFor();
  return toast;
}

/** Where a toast ends up: it slides in, so its box is read once two reads 50 ms apart agree. */
async function settledBox(toast: Locator) {
  let before = (await toast.boundingBox())!;
  for (let i = 0; i < 40; i++) {
    await new Promise((r) => setTimeout(r, 50));
    const now = (await toast.boundingBox())!;
    if (now.y === before.y && now.x === before.x) return now;
    before = now;
  }
  return before;
}

e2eTest(
  "toasts on a phone: at the top under the topbar, the last row's actions in reach at once, closed on time while hovered, a success replaces a stale error",
  async ({ server, browser }) => {
    const admin = await server.user("SuperAdmin");
    // Enough rows that the last one sits at the bottom of the screen, where toasts used to be.
    const users = [];
    for (let i = 0; i < 4; i++) users.push(await server.user("User"));
    const last = users.at(-1)!.username;
    const session = await storedSession(browser, server, admin);
    const page = await (await contextWith(browser, server, { session, viewport: PHONE }))
      .newPage();
    await page.goto(server.baseUrl + "/manage-users");
    await page.getByTestId(`user-row-${last}`).waitFor();

    // Two saves in a row: one toast shows, the newest, at the top under the topbar.
    await saveSettings(page, users[0].username, "1");
    const toast = await saveSettings(page, last, "1");
    await page.locator("[data-toast]").nth(1).waitFor({ state: "detached", timeout: 1000 });
    const box = await settledBox(toast);
    const header = (await page.locator("header").boundingBox())!;
    assert.ok(box.y >= header.y + header.height, `toast at ${box.y}, topbar ends ${header.height}`);
    assert.ok(box.y + box.height < PHONE.height / 2, `toast at ${box.y} is not at the top`);

    // The pointer rests on the toast, then goes for the last row's Keys, at the bottom of the page
    // where the toasts used to stack: the click passes at once.
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    await toast.hover();
    await page.getByTestId(`keys-${last}`).click({ timeout: 2000 });
    await page.getByTestId("key-binanceKey").waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("key-binanceKey").waitFor({ state: "detached" });

    // An attempt fails (a username already taken), its error toast shows.
    await createUserUi(page, {
      email: "taken@example.com",
      username: last,
      role: "User",
      password: "takenpass1",
      confirmPassword: "takenpass1",
    });
    const error = page.locator("[data-toast=error]");
    await error.waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("new-user-submit").waitFor({ state: "detached" });

    // The next save succeeds: its toast replaces the stale error, and closes on time although the
    // pointer stays on it.
    const saved = await saveSettings(page, last, "2");
    await error.waitFor({ state: "detached", timeout: 1000 });
    await saved.hover();
    await saved.waitFor({ state: "detached", timeout: 6000 });
  },
);

e2eTest(
  "toasts on a phone: below the call notice, never over the call or the BUY/SELL buttons",
  async ({ server, browser }) => {
    const lead = await server.user("Lead");
    const user = await server.user("User");
    await setUser(server, user.id, { useBot: "none", tradingAmount: "100", spread: "1" });
    await giveKeys(server, user.id, "binance");
    const [leadPage, userPage] = [
      await (await browser.newContext({ viewport: PHONE })).newPage(),
      await (await browser.newContext({ viewport: PHONE })).newPage(),
    ];
    await openTrading(leadPage, server, lead);
    await openTrading(userPage, server, user);
    const hub = server.deps.realtime!.hub;
    await until(
      () => [lead, user].every((u) => hub.connections.byUser.get(u.id).size > 0),
      10_000,
      "both sockets",
    );

    await leadPage.getByTestId("call-target").selectOption("BUY");
    await leadPage.getByTestId("call-button").click();
    const notice = userPage.getByTestId("call-notice");
    await notice.waitFor();
    await userPage.locator("[data-testid=buy-button]:not([disabled])").click();
    const toast = userPage.locator("[data-toast=success]");
    await toast.waitFor();

    const box = await settledBox(toast);
    const [header, call] = await Promise.all(
      [userPage.locator("header"), notice].map(async (l) => (await l.boundingBox())!),
    );
    assert.ok(box.y >= header.y + header.height, `toast at ${box.y}, topbar ends ${header.height}`);
    assert.ok(
      box.y >= call.y + call.height,
      `toast at ${box.y}, notice ends ${call.y + call.height}`,
    );
    assert.ok(box.y + box.height < PHONE.height / 2, `toast at ${box.y} is not at the top`);
  },
);
