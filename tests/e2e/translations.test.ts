// Every screen in each of the other four languages shows no English: the words a screen shows in
// English must not reappear in another language, beyond the names and codes that are the same in
// every language (usernames, pairs, exchanges, roles, the spec's footer). The screens as they
// load; their modals, toasts and dialogs are in translations-modals.test.ts.
import assert from "node:assert/strict";
import { startFakeYahoo } from "../fakes/fake-yahoo.ts";
import { E2E_OPTS, launchBrowser } from "./support/browser.ts";
import { startE2EServer } from "./support/server.ts";
import { SIGNED_IN_ROUTES, storedSession } from "./support/stored-session.ts";
import { englishLeft, LANGS, playAtOnce, type Scene } from "./support/translations.ts";

Deno.test(
  "translations: no English left on any screen in zh, es, fr and it",
  E2E_OPTS,
  async () => {
    const yahoo = startFakeYahoo();
    const server = await startE2EServer({ YAHOO_URL: yahoo.url });
    const browser = await launchBrowser();
    try {
      const admin = await server.user("SuperAdmin", "polyglot");
      const session = await storedSession(browser, server, admin);

      const [english, ...shown] = await playAtOnce(browser, server, session, ROUTES);
      // The spec's fixed footer reads the same in every language.
      const footer = english.get("/dashboard")!.match(/Gate Bot ©[^\n]*/)?.[0] ?? "";
      const left = LANGS.flatMap((lang, i) => englishLeft(english, shown[i], lang, footer));
      assert.deepEqual(left, []);
    } finally {
      await browser.close();
      await server.close();
      await yahoo.close();
    }
  },
);

/** Each screen as it loads. */
const ROUTES: Scene[] = SIGNED_IN_ROUTES.map((route) => ({
  name: route,
  route,
  act: () => Promise.resolve(),
}));
