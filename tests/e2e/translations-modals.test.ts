// Each screen's modals in each of the other four languages show no English (each create, edit and
// confirm), nor do the toasts and dialogs of a created transaction, a refused trade and a form's
// validation errors. Apart from translations.test.ts so that the two walks run side by side.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { botKeys, users } from "../../server/db/schema.ts";
import { insertTrades } from "./support/server.ts";
import { storedSession } from "./support/stored-session.ts";
import { e2eTest } from "./support/e2e-test.ts";
import { englishLeft, LANGS, playAtOnce, type Scene } from "./support/translations.ts";

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
