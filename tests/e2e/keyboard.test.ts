// The keyboard alone: the sidebar's groups open with Enter and lead to Users, Shifts and Bot Keys;
// a modal opened from the avatar menu closes with Escape and gives focus back to the avatar.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { signInToDashboard } from "./support/browser.ts";
import { e2eTest } from "./support/e2e-test.ts";

/** Presses Tab until the focused element matches `selector` (and shows `text`), 60 times at most. */
async function tabTo(page: Page, selector: string, text = "") {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    const reached = await page.evaluate(([s, t]) => {
      const el = document.activeElement;
      return !!el?.matches(s) && (el.textContent ?? "").includes(t);
    }, [selector, text]);
    if (reached) return;
  }
  // What had the focus, and whether a dialog held it: a failure under load says where Tab went.
  const focused = await page.evaluate(() =>
    `${document.activeElement?.outerHTML.slice(0, 200)}; dialog open: ${!!document.querySelector(
      "[role=dialog]",
    )}; sidebar: ${document.querySelector("nav")?.getAttribute("aria-hidden") ?? "shown"}`
  );
  throw new Error(`Tab never reached ${selector} ${text}; last focused: ${focused}`);
}

/** Tabs to the link named `name` in the sidebar and follows it with Enter. */
async function follow(page: Page, name: string, path: string) {
  await tabTo(page, `nav a[href="${path}"]`);
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), name);
  await page.keyboard.press("Enter");
  await page.waitForURL(`**${path}`);
}

e2eTest(
  "keyboard: sidebar groups and their pages, and a modal that returns focus",
  async ({ server, browser }) => {
    const admin = await server.user("SuperAdmin");
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInToDashboard(page, server, admin);

    await tabTo(page, "nav button", "Manage Users");
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute("aria-expanded")),
      "false",
    );
    await page.keyboard.press("Enter");
    await follow(page, "Users", "/manage-users");
    await page.getByTestId("users-title").waitFor();
    await page.locator("body").focus();
    await follow(page, "Shifts", "/shift");
    await page.getByTestId("shifts-title").waitFor();

    await page.locator("body").focus();
    await tabTo(page, "nav button", "Bot Keys");
    await page.keyboard.press("Enter");
    await follow(page, "Gate", "/bot-keys/gate");
    await page.getByTestId("bot-keys-title").waitFor();

    await page.locator("body").focus();
    await tabTo(page, "[data-testid='avatar-menu']");
    await page.keyboard.press("Enter");
    // A menu moves with the arrow keys.
    const item = page.getByTestId("menu-change-password");
    for (
      let i = 0;
      i < 10 && !(await item.evaluate((el) => el === document.activeElement));
      i++
    ) {
      await page.keyboard.press("ArrowDown");
    }
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.waitForFunction(() =>
      document.activeElement?.getAttribute("data-testid") === "avatar-menu"
    );
  },
);
