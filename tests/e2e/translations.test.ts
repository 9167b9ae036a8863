// Every screen in each of the other four languages shows no English: the words a screen shows in
// English must not reappear in another language, beyond the names and codes that are the same in
// every language (usernames, pairs, exchanges, roles, the spec's footer).
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { startFakeYahoo } from "../fakes/fake-yahoo.ts";
import { E2E_OPTS, launchBrowser } from "./support/browser.ts";
import { type E2EServer, startE2EServer } from "./support/server.ts";
import { contextWith, SIGNED_IN_ROUTES, storedSession } from "./support/stored-session.ts";

const LANGS = ["zh", "es", "fr", "it"];

/** Names and codes, the same in every language: exchanges, coins and NFT pairs, roles, statuses,
 * the languages' own names in the language select, the test's user, the spec's Key/Secret, and
 * the loanwords exchange, trading and audit. */
const NAMES = [
  ...["gate", "bot", "bots", "binance", "houbi", "yahoo", "finance", "btc", "usdt", "eth", "bnb"],
  ...["fdusd", "busd", "tusd", "nft", "undead", "naft", "mepad", "usd", "utc", "http", "csv"],
  ...["superadmin", "admin", "lead", "user", "buy", "sell", "done", "all"],
  ...["english", "espa", "fran", "ais", "italiano", "polyglot", "example", "com"],
  ...["key", "keys", "secret", "exchange", "trading", "audit"],
  // Values the audit log shows as recorded (a session's scope, a loopback client's address).
  ...["full", "enroll", "local"],
];

/** Words each language shares with English (the same spelling, its own word or a loanword). */
const SHARED: Record<string, string[]> = {
  zh: [],
  es: ["series", "has", "total", "roles", "factor", "actor"],
  fr: ["profits", "profit", "actions", "action", "menu", "navigation", "via", "dates", "date"]
    .concat(["total", "transactions", "transaction", "page", "file"]),
  it: ["dashboard", "menu", "account", "date", "email", "password", "home", "reset", "file"],
};

/** The text a person sees or hears: visible text, and labels, placeholders and titles. */
function shownText(page: Page) {
  return page.evaluate(() => {
    const attrs = [...document.querySelectorAll("[aria-label], [placeholder], [title]")]
      .flatMap((el) => ["aria-label", "placeholder", "title"].map((a) => el.getAttribute(a) ?? ""));
    return [document.body.innerText, ...attrs].join("\n");
  });
}

const words = (text: string, footer: string) =>
  new Set(text.replace(footer, " ").toLowerCase().match(/[a-z]{3,}/g));

async function visit(browser: Browser, server: E2EServer, session: string, lang: string) {
  const context = await contextWith(browser, server, {
    session,
    lang,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  const texts = new Map<string, string>();
  for (const route of SIGNED_IN_ROUTES) {
    await page.goto(server.baseUrl + route);
    await page.locator("main h1").first().waitFor();
    await page.waitForLoadState("networkidle");
    texts.set(route, await shownText(page));
  }
  await context.close();
  return texts;
}

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

      const english = await visit(browser, server, session, "en");
      // The spec's fixed footer reads the same in every language.
      const footer = english.get("/dashboard")!.match(/Gate Bot ©[^\n]*/)?.[0] ?? "";
      const left: string[] = [];
      for (const lang of LANGS) {
        const shown = await visit(browser, server, session, lang);
        for (const [route, text] of shown) {
          const englishWords = words(english.get(route)!, footer);
          const allowed = new Set([...NAMES, ...SHARED[lang]]);
          const same = [...words(text, footer)].filter((w) =>
            englishWords.has(w) && !allowed.has(w)
          );
          if (same.length) left.push(`${lang} ${route}: ${same.join(" ")}`);
        }
      }
      assert.deepEqual(left, []);
    } finally {
      await browser.close();
      await server.close();
      await yahoo.close();
    }
  },
);
