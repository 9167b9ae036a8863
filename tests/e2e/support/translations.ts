// What the translation tests share: the words every language may share with English, the text a
// page shows, and the walk that reads a list of scenes in English and the four other languages.
import type { Browser, Page } from "playwright-core";
import type { E2EServer } from "./server.ts";
import { contextWith } from "./stored-session.ts";
import { pageVisits } from "./visit.ts";

export const LANGS = ["zh", "es", "fr", "it"];

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
  // The user regex field's example pattern (^trader_).
  "trader",
];

/** Words each language shares with English (the same spelling, its own word or a loanword). */
const SHARED: Record<string, string[]> = {
  zh: [],
  es: ["series", "has", "total", "roles", "factor", "actor", "spread", "extra", "regex", "min"]
    // The months a chart's axis writes as English does.
    .concat(["feb", "mar", "may", "jun", "jul", "oct", "nov"]),
  fr: ["profits", "profit", "actions", "action", "menu", "navigation", "via", "dates", "date"]
    .concat(["total", "transactions", "transaction", "page", "file", "mode", "change"])
    .concat(["coin", "coins", "fraction", "notifications", "regex", "minutes", "min"])
    .concat(["positions", "position", "trade", "trades", "desk", "oct", "nov"]),
  it: ["dashboard", "menu", "account", "date", "email", "password", "home", "reset", "file"]
    .concat(["per", "spread", "coin", "extra", "report", "regex", "min", "desk", "asset"])
    .concat(["feb", "mar", "apr", "nov"]),
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

/** The English words of each screen or scene left in another language's. */
export function englishLeft(
  english: Map<string, string>,
  shown: Map<string, string>,
  lang: string,
  footer: string,
) {
  const allowed = new Set([...NAMES, ...SHARED[lang]]);
  return [...shown].flatMap(([name, text]) => {
    const englishWords = words(english.get(name)!, footer);
    const same = [...words(text, footer)].filter((w) => englishWords.has(w) && !allowed.has(w));
    return same.length ? [`${lang} ${name}: ${same.join(" ")}`] : [];
  });
}

/** A modal opened or a toast provoked on `route`, read once it shows. */
export interface Scene {
  name: string;
  route: string;
  act(page: Page): Promise<unknown>;
  /** It changes what every session sees (a new transaction, a halt). */
  changes?: true;
}

async function play(
  browser: Browser,
  server: E2EServer,
  session: string,
  lang: string,
  all: Scene[],
) {
  const context = await contextWith(browser, server, {
    session,
    lang,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  const visit = pageVisits(page, server.baseUrl);
  const texts = new Map<string, string>();
  let at = "";
  for (const scene of all) {
    // A scene on the page the last one left needs no visit: its modal closed is that page. A
    // modal that stays open (it would outlive the app's navigation) is left by a full load.
    const closed = await closedDialogs(page);
    if (!closed || scene.route !== at) await visit(scene.route, { reload: !closed });
    at = scene.route;
    await scene.act(page);
    texts.set(scene.name, await shownText(page));
  }
  await context.close();
  return texts;
}

/** Closes the open modal with Escape, as a person would; false if it stays open. */
async function closedDialogs(page: Page) {
  await page.keyboard.press("Escape");
  return await page.waitForFunction(() => !document.querySelector("[role=dialog]"), null, {
    timeout: 3000,
  }).then(() => true, () => false);
}

/**
 * Walks at a time. One walk alone mostly waits (on page loads, the network's quiet, transitions),
 * but all five at once, beside the other translation walk, put a slow 2-core machine's load past
 * 20: requests passed their 10 s deadline, PostgreSQL connections their 5 s, and the readings showed
 * "Service unavailable" toasts. Measured there, both walks side by side: five at once 1:27 and 2:09,
 * two 1:15 and 1:55 (load 13), one 1:14 and 1:57 (load 6-7).
 */
const WALKS_AT_ONCE = 2;

/** `work` on each item, at most `at` at a time; the results in the items' order. */
async function inTurns<T, R>(items: T[], at: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(at, items.length) }, worker));
  return results;
}

/**
 * English's and each language's readings of `all`. The scenes that change nothing on the server
 * play in several languages at once (WALKS_AT_ONCE), each in its own context; those that change
 * what every session sees play after them, one language at a time, so that no other reading sees
 * their transaction or their halt.
 */
export async function playAtOnce(
  browser: Browser,
  server: E2EServer,
  session: string,
  all: Scene[],
) {
  const langs = ["en", ...LANGS];
  const still = all.filter((scene) => !scene.changes);
  const changing = all.filter((scene) => scene.changes);
  const texts = await inTurns(
    langs,
    WALKS_AT_ONCE,
    (lang) => play(browser, server, session, lang, still),
  );
  if (changing.length) {
    for (const [i, lang] of langs.entries()) {
      for (const [name, text] of await play(browser, server, session, lang, changing)) {
        texts[i].set(name, text);
      }
    }
  }
  return texts;
}
