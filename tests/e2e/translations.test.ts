// Every screen in each of the other four languages shows no English: the words a screen shows in
// English must not reappear in another language, beyond the names and codes that are the same in
// every language (usernames, pairs, exchanges, roles, the spec's footer). The screens as they
// load, then their modals (each create, edit and confirm) and the toasts and dialogs of a created
// transaction, a refused trade and a form's validation errors.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { botKeys, users } from "../../server/db/schema.ts";
import { startFakeYahoo } from "../fakes/fake-yahoo.ts";
import { E2E_OPTS, launchBrowser } from "./support/browser.ts";
import { type E2EServer, insertTrades, startE2EServer } from "./support/server.ts";
import { contextWith, SIGNED_IN_ROUTES, storedSession } from "./support/stored-session.ts";
import { e2eTest } from "./support/e2e-test.ts";

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
function englishLeft(
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

/** A modal opened or a toast provoked on `route`, read once it shows. */
interface Scene {
  name: string;
  route: string;
  act(page: Page): Promise<unknown>;
  /** It changes what every session sees (a new transaction, a halt). */
  changes?: true;
}

/** Each screen as it loads. */
const ROUTES: Scene[] = SIGNED_IN_ROUTES.map((route) => ({
  name: route,
  route,
  act: () => Promise.resolve(),
}));

const dialog = (page: Page) => page.getByRole("dialog").first().waitFor();

/** The avatar menu's entries, each opening its modal. */
const MENU_MODALS = [
  "change-password",
  "trading-settings",
  "call-notifications",
  "create-user",
  "update-keys",
  "user-summary-report",
  "transaction-report",
  "end-of-shift-report",
];

function scenes(other: string, botKey: string, halt: (on: boolean) => Promise<void>): Scene[] {
  const menu = (key: string) => async (page: Page) => {
    await page.getByTestId("avatar-menu").click();
    await page.getByTestId(`menu-${key}`).click();
    await dialog(page);
  };
  const click = (testId: string) => async (page: Page) => {
    await page.getByTestId(testId).click();
    await dialog(page);
  };
  return [
    ...MENU_MODALS.map((key) => ({ name: `menu ${key}`, route: "/dashboard", act: menu(key) })),
    {
      name: "create-user refused by its form",
      route: "/dashboard",
      async act(page) {
        await menu("create-user")(page);
        await page.getByRole("dialog").locator("button[type=submit]").click();
        await page.getByRole("dialog").locator("[aria-invalid=true]").first().waitFor();
      },
    },
    ...["settings", "keys", "change-password", "delete"].map((action) => ({
      name: `user ${action}`,
      route: "/manage-users",
      act: click(`${action}-${other}`),
    })),
    { name: "shift add", route: "/shift", act: click("shift-add") },
    { name: "bot key add", route: "/bot-keys/gate", act: click("bot-key-add") },
    ...["balance", "edit", "delete"].map((action) => ({
      name: `bot key ${action}`,
      route: "/bot-keys/gate",
      act: click(`bot-key-${action}-${botKey}`),
    })),
    { name: "shift end", route: "/dashboard", act: click("shift-end") },
    {
      name: "transaction delete",
      route: "/dashboard",
      async act(page) {
        await page.getByTestId("transaction-actions").first().click();
        await page.getByTestId("delete-transaction").click();
        await dialog(page);
      },
    },
    {
      name: "transaction created",
      route: "/dashboard",
      changes: true,
      async act(page) {
        await page.getByTestId("buy-button").click();
        await page.locator(".mantine-Notification-root").first().waitFor();
      },
    },
    {
      name: "trade refused",
      route: "/dashboard",
      changes: true,
      async act(page) {
        await halt(true);
        try {
          await page.getByTestId("halt-banner").waitFor();
          await page.getByTestId("trade-block-note").waitFor();
        } finally {
          await halt(false);
        }
      },
    },
  ];
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
  const texts = new Map<string, string>();
  for (const scene of all) {
    await page.goto(server.baseUrl + scene.route);
    await page.locator("main h1").first().waitFor();
    await page.waitForLoadState("networkidle");
    await scene.act(page);
    texts.set(scene.name, await shownText(page));
  }
  await context.close();
  return texts;
}

/**
 * English's and each language's readings of `all`. The scenes that change nothing on the server
 * play in every language at once, each in its own context (one walk alone mostly waits: on page
 * loads, the network's quiet, transitions); those that change what every session sees play after
 * them, one language at a time, so that no other reading sees their transaction or their halt.
 */
async function playAtOnce(browser: Browser, server: E2EServer, session: string, all: Scene[]) {
  const langs = ["en", ...LANGS];
  const still = all.filter((scene) => !scene.changes);
  const changing = all.filter((scene) => scene.changes);
  const texts = await Promise.all(langs.map((lang) => play(browser, server, session, lang, still)));
  if (changing.length) {
    for (const [i, lang] of langs.entries()) {
      for (const [name, text] of await play(browser, server, session, lang, changing)) {
        texts[i].set(name, text);
      }
    }
  }
  return texts;
}

const BINANCE_KEY = "vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A";

e2eTest(
  "translations: no English left in modals and toasts in zh, es, fr and it",
  async ({ server, browser }) => {
    const admin = await server.user("SuperAdmin", "polyglot");
    const other = await server.user("User");
    // A trader with keys and settings, a bot key and a BUY row, so every modal has its subject.
    const { deps } = server;
    const sealed = await deps.secretBox.seal(BINANCE_KEY);
    await deps.db.update(users).set({
      binanceKey: sealed,
      binanceSecret: sealed,
      useBot: "buy_sell",
      tradingAmount: "100",
      spread: "1",
    }).where(eq(users.id, admin.id));
    await deps.db.insert(botKeys).values({
      exchange: "gate",
      username: "bot_xq",
      key: sealed,
      secret: sealed,
    });
    await insertTrades(server, admin.id, ["BUY"]);
    const session = await storedSession(browser, server, admin);
    let haltId = 0;
    const halt = async (on: boolean) => {
      const res = on
        ? await server.call("POST", "/api/trading-halts", {
          token: admin.token,
          body: { scope: "all", reason: "xq" },
        })
        : await server.call("POST", `/api/trading-halts/${haltId}/release`, {
          token: admin.token,
        });
      assert.ok(res.ok, await res.clone().text());
      if (on) haltId = (await res.json()).id;
    };
    const all = scenes(other.username, "bot_xq", halt);

    const [english, ...shown] = await playAtOnce(browser, server, session, all);
    const footer = english.get("shift end")!.match(/Gate Bot ©[^\n]*/)?.[0] ?? "";
    const left = LANGS.flatMap((lang, i) => englishLeft(english, shown[i], lang, footer));
    assert.deepEqual(left, []);
  },
);
