import assert from "node:assert/strict";
import { E2E_OPTS, launchProfile, signInToDashboard, untilControlled } from "./support/browser.ts";
import { startE2EServer } from "./support/server.ts";

Deno.test({
  name: "pwa: installable by Chromium's own checks, the shell opens offline with an offline state",
  ...E2E_OPTS,
  async fn() {
    const server = await startE2EServer();
    const profile = await launchProfile();
    try {
      const manifest = await fetch(`${server.baseUrl}/manifest.webmanifest`);
      assert.match(manifest.headers.get("content-type") ?? "", /manifest\+json/);
      const m = await manifest.json();
      assert.equal(m.start_url, "/dashboard");
      assert.equal(m.display, "standalone");

      const user = await server.user("User");
      const context = profile.context;
      const page = await context.newPage();
      await signInToDashboard(page, server, user);
      // The worker controls the page once it has cached the shell.
      await untilControlled(page);

      // What Lighthouse's installability audit asked Chromium.
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      assert.deepEqual(installabilityErrors, []);

      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const key of await caches.keys()) {
          for (const req of await (await caches.open(key)).keys()) {
            urls.push(new URL(req.url).pathname);
          }
        }
        return urls;
      });
      assert.ok(cached.includes("/index.html"));
      assert.ok(cached.some((u) => u.startsWith("/assets/")));
      assert.equal(cached.filter((u) => u.startsWith("/api/")).length, 0);

      await context.setOffline(true);
      await page.reload();
      await page.getByTestId("footer").waitFor();
      await page.getByTestId("offline").getByText("Offline").waitFor();
      await context.setOffline(false);
      await page.getByTestId("offline").waitFor({ state: "detached" });

      // The browser's install offer becomes an avatar menu entry that shows its dialog.
      await page.evaluate(() => {
        const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
          prompt: () => {
            (globalThis as unknown as { prompted: boolean }).prompted = true;
            return Promise.resolve();
          },
          userChoice: Promise.resolve({ outcome: "accepted" }),
        });
        dispatchEvent(offer);
      });
      await page.getByTestId("avatar-menu").click();
      await page.getByTestId("menu-install").getByText("Install app").click();
      assert.equal(
        await page.evaluate(() => (globalThis as unknown as { prompted: boolean }).prompted),
        true,
      );
      await page.getByTestId("avatar-menu").click();
      await page.getByTestId("menu-logout").waitFor();
      assert.equal(await page.getByTestId("menu-install").count(), 0);
    } finally {
      await profile.close();
      await server.close();
    }
  },
});
