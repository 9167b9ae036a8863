// The frame every browser test repeated: a fresh server and browser, both closed whatever happens.
import type { Browser } from "playwright-core";
import type { Config } from "../../../server/config.ts";
import { E2E_OPTS, launchBrowser } from "./browser.ts";
import { type E2EServer, startE2EServer } from "./server.ts";

export interface E2EContext {
  server: E2EServer;
  browser: Browser;
}

/** A browser test on its own server (with `overrides` of its config) and browser. */
export function e2eTest(
  name: string,
  fn: (ctx: E2EContext) => Promise<void>,
  overrides: Partial<Config> = {},
) {
  Deno.test({
    name,
    ...E2E_OPTS,
    async fn() {
      const server = await startE2EServer(overrides);
      const browser = await launchBrowser();
      try {
        await fn({ server, browser });
      } finally {
        await browser.close();
        await server.close();
      }
    },
  });
}
