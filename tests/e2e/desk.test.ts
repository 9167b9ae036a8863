// The whole desk from an empty database, on screen only (issue 14): the first SuperAdmin enrols,
// creates a Lead and a User, sets their trading settings and keys; the Lead calls BUY; the User
// sees the countdown, buys, and the ring stops; the bot worker sells on the simulated market;
// /profit shows the profit and the Transaction Report holds the rows; the User changes their
// password and stays signed in. The test itself makes no API
// call: it moves the simulated market and reads the database to wait and to check.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { BotWorker } from "../../server/bot/worker.ts";
import { seedFirstSuperAdmin } from "../../server/seeds/seed-admin.ts";
import { transactions, users } from "../../server/db/schema.ts";
import { until } from "../support/until.ts";
import { E2E_OPTS, launchBrowser } from "./support/browser.ts";
import { createUserUi, enrolUi } from "./support/desk-ui.ts";
import { pickRange } from "./support/report-range.ts";
import { type E2EServer, startE2EServer } from "./support/server.ts";

const VIEWPORTS = [{ width: 1440, height: 900 }, { width: 390, height: 844 }];

const STAFF = [
  { username: "desk_lead", role: "Lead", password: "leadpass1" },
  { username: "desk_user", role: "User", password: "userpass1" },
] as const;

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  return await context.newPage();
}

/** Settings and Binance keys of one user, from their row of /manage-users. */
async function setUpTrader(page: Page, username: string) {
  const row = page.getByTestId(`user-row-${username}`);
  await row.getByTestId(`settings-${username}`).click();
  await page.getByTestId("settings-useBot").selectOption("buy_sell");
  await page.getByTestId("settings-tradingAmount").fill("100");
  await page.getByTestId("settings-spread").fill("1");
  await page.getByTestId("settings-submit").click();
  await page.getByText(`Trading settings of ${username} saved.`).waitFor();
  // A bot mode and no keys: the row says this user cannot trade yet.
  await row.getByTestId(`needs-keys-${username}`).waitFor();

  await row.getByTestId(`keys-${username}`).click();
  await page.getByTestId("key-binanceKey").fill(`paper-key-${username}`);
  await page.getByTestId("key-binanceSecret").fill(`paper-secret-${username}`);
  await page.getByTestId("keys-submit").click();
  await page.getByText("Update Success!").first().waitFor();
  await row.getByTestId(`needs-keys-${username}`).waitFor({ state: "detached" });
}

async function userId(server: E2EServer, username: string) {
  const [row] = await server.deps.db.select().from(users).where(eq(users.username, username));
  return row?.id;
}

for (const viewport of VIEWPORTS) {
  Deno.test({
    name:
      `desk: from an empty database to a closed trade, its profit and its report, on screen at ${viewport.width}x${viewport.height}`,
    ...E2E_OPTS,
    async fn() {
      const server = await startE2EServer({ ADMIN_PASSWORD: "superpass1" });
      const sim = server.market.sim("binance")!;
      sim.setPrice("btc_usdt", "60000.00");
      const worker = new BotWorker(server.deps, { log: () => {} });
      worker.start();
      const browser = await launchBrowser();
      try {
        // What `deno task start` does on an empty database.
        assert.equal((await server.deps.db.select().from(users)).length, 0);
        await seedFirstSuperAdmin(server.deps);

        const admin = await newPage(browser, viewport);
        await enrolUi(admin, server, "superadmin", "superpass1");
        for (const s of STAFF) {
          await createUserUi(admin, {
            email: `${s.username}@example.com`,
            username: s.username,
            role: s.role,
            password: s.password,
            confirmPassword: s.password,
          });
          await admin.getByText("Create Success").first().waitFor();
          // The first user's toast may still be up: wait for the row itself, so the navigation
          // below cannot cut the register request short (an abandoned request is not run).
          await until(
            async () => (await userId(server, s.username)) !== undefined,
            10_000,
            `${s.username} to be created`,
          );
        }
        await admin.goto(server.baseUrl + "/manage-users");
        for (const s of STAFF) await setUpTrader(admin, s.username);

        const [lead, user] = [await newPage(browser, viewport), await newPage(browser, viewport)];
        for (const [page, s] of [[lead, STAFF[0]], [user, STAFF[1]]] as const) {
          await enrolUi(page, server, s.username, s.password);
          await page.getByTestId("live-price").getByText("$60,000.00").waitFor();
        }
        const [leadId, traderId] = [
          await userId(server, "desk_lead"),
          await userId(server, "desk_user"),
        ];
        const hub = server.deps.realtime!.hub;
        await until(
          () => [leadId, traderId].every((id) => hub.connections.byUser.get(id).size > 0),
          10_000,
          "both sockets",
        );
        assert.equal(await user.getByTestId("buy-button").isDisabled(), true);

        // The Lead calls BUY; the User's notice rings, counts down and says BUY is open.
        await lead.getByTestId("call-target").selectOption("BUY");
        await lead.getByTestId("call-button").click();
        const notice = user.getByTestId("call-notice");
        await notice.getByText("desk_lead CALLING").waitFor();
        await user.locator("[data-testid=call-notice][data-ringing]").waitFor();
        await notice.getByText("BUY is open: your bot mode is Buy, then sell.").waitFor();
        const left = (await user.getByTestId("call-countdown").textContent())!;
        assert.match(left, /^(1\d|20|[1-9]) s left$/);

        await user.locator("[data-testid=buy-button]:not([disabled])").click();
        // A table's row at a desk's width, a card on a phone.
        await user.getByTestId("transactions-BUY").locator("tbody tr, :scope > li").first()
          .getByText("BTC/USDT").waitFor();
        // Bought: the ring stops, the notice keeps counting down.
        await user.locator("[data-testid=call-notice]:not([data-ringing])").waitFor();
        const [bought] = await server.deps.db.select().from(transactions)
          .where(eq(transactions.userId, traderId));
        assert.equal(bought.status, "BUY");
        assert.equal(bought.sellPrice, "60600.00000000");

        // The market reaches the sell price: the bot worker sells, the row becomes DONE.
        sim.setPrice("btc_usdt", "60700.00");
        await user.getByTestId("tab-ALL").click();
        await user.locator(`[data-testid=transaction-${bought.id}][data-status=DONE]`)
          .waitFor({ timeout: 15_000 });

        // What the fills made: 0.00166 bought (the 0.00001 step) at 60000, less Binance's 0.1% in
        // BTC; 0.00165 of what arrived sold at 60700, less 0.1% in USDT (cash +0.454845), and the
        // 0.00000834 left valued at 60700 (+0.506238).
        await admin.goto(server.baseUrl + "/profit");
        await admin.getByTestId("profits-table").getByText("desk_user").waitFor();
        await admin.getByTestId("profits-total").getByText("0.9611").waitFor();

        await admin.getByTestId("avatar-menu").click();
        await admin.getByTestId("menu-transaction-report").click();
        // The trade's day to the server's, which near midnight need not be the browser's
        // (signInUi moves the server's clock ahead).
        await pickRange(admin, "transaction-report", bought.createdAt, server.clock.now());
        const [file] = await Promise.all([
          admin.waitForEvent("download"),
          admin.getByTestId("transaction-report-submit").click(),
        ]);
        const csv = (await Deno.readTextFile((await file.path())!)).replace(/^\uFEFF/, "")
          .split("\r\n").filter(Boolean);
        assert.match(csv[0], /^Id,Date \(UTC\),Username,Pair/);
        const rows = csv.slice(1).filter((line) => line.startsWith(`${bought.id},`));
        assert.equal(rows.length, 1);
        assert.match(rows[0], /,desk_user,/);
        // The file carries the fills, not the order: 0.00166 of the 0.00166666 asked, filled at
        // 60000 (fee in BTC), sold at 60700 (fee in USDT), and the result /profit shows as 0.9611.
        assert.match(
          rows[0],
          /,0\.00166666,trade,0\.00166,60000,0\.00000166,BTC,0\.00165,60700,0\.100155,USDT,0\.961083,/,
        );

        // The User changes their own password: still signed in, with the new token.
        await user.getByTestId("avatar-menu").click();
        await user.getByTestId("menu-change-password").click();
        await user.getByTestId("old-password").fill("userpass1");
        await user.getByTestId("new-password").fill("userpass2");
        await user.getByTestId("confirm-password").fill("userpass2");
        await user.getByTestId("change-password-submit").click();
        await user.getByText("Change Password Success").waitFor();
        await user.reload();
        await user.getByTestId("live-price").waitFor();
        assert.match(user.url(), /\/dashboard$/);
      } finally {
        await worker.stop();
        await browser.close();
        await server.close();
      }
    },
  });
}
