import assert from "node:assert/strict";
import type { Download, Page } from "playwright-core";
import { shiftReports } from "../../server/db/schema.ts";
import {
  insertShiftReport,
  insertTransactions,
  insertUser,
  roundTrip,
} from "../support/report-fixtures.ts";
import { signInToDashboard, signInUi } from "./support/browser.ts";
import { e2eTest } from "./support/e2e-test.ts";
import { pickRange } from "./support/report-range.ts";

const DAY_MS = 86_400_000;

e2eTest(
  "shift end: a User fills the Shift Report, Copy puts the lines on the clipboard, Save stores it",
  async ({ server, browser }) => {
    const user = await server.user("User", "shift_worker");
    const context = await browser.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: server.baseUrl,
    });
    const page = await context.newPage();
    await signInToDashboard(page, server, user);

    await page.getByTestId("shift-end").click();
    await page.getByTestId("shift-report-save").click();
    await page.getByText("Required").waitFor();

    await page.getByTestId("shift-report-account").fill("ACC-9");
    // Currency inputs keep digits and one point: "1,500.5" becomes 1500.5.
    await page.getByTestId("shift-report-usdtIn").fill("1,500.5");
    await page.getByTestId("shift-report-btcOut").fill("0.25");
    assert.equal(await page.getByTestId("shift-report-usdtIn").inputValue(), "1500.5");
    await page.getByTestId("shift-report-copy").click();
    await page.getByText("Copied to the clipboard.").waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const lines = copied.split("\n");
    assert.match(lines[0], /^Shift report \d\d\/\d\d\/\d{4} - shift_worker$/);
    assert.deepEqual(lines.slice(1), [
      "Account: ACC-9",
      "USDT In: 1500.5",
      "USDT Out: 0",
      "BTC In: 0",
      "BTC Out: 0.25",
      "ETH In: 0",
      "ETH Out: 0",
      "GT In: 0",
      "GT Out: 0",
    ]);

    // Save copies too, stores the report, says Success! and reloads the page.
    await page.evaluate(() => navigator.clipboard.writeText(""));
    const reloaded = page.waitForEvent("load");
    await page.getByTestId("shift-report-save").click();
    await page.getByText("Success!").waitFor();
    await reloaded;
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), copied);
    const [stored] = await server.deps.db.select().from(shiftReports);
    assert.equal(stored.account, "ACC-9");
    assert.equal(Number(stored.usdtIn), 1500.5);
    assert.equal(Number(stored.btcOut), 0.25);

    // Opened again the same day, the form holds today's report and Save edits it.
    await page.getByTestId("shift-end").click();
    assert.equal(await page.getByTestId("shift-report-account").inputValue(), "ACC-9");
    await page.getByTestId("shift-report-gtIn").fill("12");
    const again = page.waitForEvent("load");
    await page.getByTestId("shift-report-save").click();
    await again;
    const all = await server.deps.db.select().from(shiftReports);
    assert.equal(all.length, 1);
    assert.equal(Number(all[0].gtIn), 12);
  },
);

async function downloadFrom(
  page: Page,
  menuKey: string,
  testId: string,
  range?: [Date, Date],
): Promise<Download> {
  await page.getByTestId("avatar-menu").click();
  await page.getByTestId(`menu-${menuKey}`).click();
  if (range) await pickRange(page, testId, ...range);
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId(`${testId}-submit`).click(),
  ]);
  await page.getByText("Report Success!").first().waitFor();
  return file;
}

async function csvOf(file: Download) {
  assert.match(file.suggestedFilename(), /^Report-\d+\.csv$/);
  const text = await Deno.readTextFile((await file.path())!);
  return text.replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
}

e2eTest(
  "reports: an Admin downloads the end-of-shift and transaction reports for a date range",
  async ({ server, browser }) => {
    const admin = await server.user("Admin");
    const trader = await insertUser(server.deps.db, "trader_one");
    const now = server.clock.now();
    const old = new Date(now.getTime() - 3 * DAY_MS);
    const older = new Date(now.getTime() - 5 * DAY_MS);
    await insertShiftReport(server.deps.db, {
      userId: trader.id,
      createdAt: now,
      account: "ACC-TODAY",
      usdtIn: "250",
    });
    await insertShiftReport(server.deps.db, {
      userId: trader.id,
      createdAt: old,
      account: "OLD",
    });
    const [today, earlier] = await insertTransactions(server.deps.db, [
      { userId: trader.id, createdAt: now, hash: "0xabc" },
      { userId: trader.id, createdAt: old, hash: "0xold" },
      { userId: trader.id, createdAt: older, hash: "0xolder" },
    ]);

    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await signInToDashboard(page, server, admin);

    const shiftCsv = await csvOf(
      await downloadFrom(page, "end-of-shift-report", "end-of-shift-report"),
    );
    assert.equal(shiftCsv[0].split(",")[3], "Account");
    assert.equal(shiftCsv.length, 3);
    assert.match(shiftCsv[1], /,trader_one,ACC-TODAY,250,/);
    assert.match(shiftCsv[2], /^TOTAL,/);

    // Four days back to today: the rows of 3 days ago and today, not the one of 5 days ago.
    const txCsv = await csvOf(
      await downloadFrom(page, "transaction-report", "transaction-report", [
        new Date(now.getTime() - 4 * DAY_MS),
        now,
      ]),
    );
    assert.match(txCsv[0], /^Id,Date \(UTC\),Username,Pair/);
    assert.equal(txCsv.length, 3);
    assert.match(txCsv[1], new RegExp(`^${earlier.id},.*,trader_one,BTC\/USDT,.*,0xold$`));
    assert.match(txCsv[2], new RegExp(`^${today.id},.*,trader_one,BTC\/USDT,.*,0xabc$`));

    // A bad pattern in the User Summary Report shows the server's message.
    await page.getByTestId("avatar-menu").click();
    await page.getByTestId("menu-user-summary-report").click();
    await page.getByTestId("user-summary-report-regex").fill("((");
    await page.getByTestId("user-summary-report-submit").click();
    await page.getByText(/^userRegex: invalid regular expression/).waitFor();
  },
);

e2eTest(
  "shift and profit pages: an Admin adds a night shift and reads and downloads profits",
  async ({ server, browser }) => {
    const admin = await server.user("SuperAdmin");
    const trader = await insertUser(server.deps.db, "night_trader");
    await insertTransactions(server.deps.db, [
      {
        userId: trader.id,
        createdAt: server.clock.now(),
        sellPrice: "112.5",
        quantity: "2",
        ...roundTrip("2", "100", "112.5"),
      },
      // A call missed: never traded, shown apart with what it would have made.
      {
        userId: trader.id,
        createdAt: server.clock.now(),
        sellPrice: "105",
        kind: "missed_call",
      },
      // An Admin's price edit, no fill: shown apart, not in the total.
      {
        userId: trader.id,
        createdAt: server.clock.now(),
        sellPrice: "200",
        priceSource: "edited",
      },
    ]);
    const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
    await signInUi(page, server, admin, "/login?from=/shift");
    await page.waitForURL("**/shift");

    await page.getByTestId("shift-add").click();
    await page.getByTestId("shift-hour").selectOption("20");
    await page.getByTestId("shift-interval").fill("8");
    await page.getByTestId("shift-users").click();
    await page.getByRole("option", { name: "night_trader" }).click();
    await page.keyboard.press("Escape");
    // The preview applies the server's rules: 8 PM plus 8 hours ends at 4 AM the next day.
    await page.getByTestId("shift-preview").getByText(/8 PM to .* 4 AM \(8 h\)/).waitFor();
    await page.getByTestId("shift-save").click();
    await page.getByText("Shift saved.").waitFor();
    const row = page.locator('[data-testid^="shift-row-"]');
    await row.getByText("night_trader").waitFor();
    assert.match((await row.textContent())!, /8 PM.*4 AM/);

    await page.goto(server.baseUrl + "/profit");
    await page.getByTestId("profits-table").getByText("night_trader").waitFor();
    assert.match((await page.getByTestId("profits-total").textContent())!, /25\.0000/);
    assert.match(
      (await page.getByTestId("profits-not-counted").textContent())!,
      /^Not counted: 1 DONE transaction .*edited by an Admin 1, .*At its targets it would make 100\.0000$/,
    );
    assert.equal(
      await page.getByTestId("profits-missed-calls").textContent(),
      "Missed calls: 1, never traded, would have made 5.0000",
    );
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("profits-download").click(),
    ]);
    assert.match(file.suggestedFilename(), /^profit-\d+\.csv$/);
    const lines = (await Deno.readTextFile((await file.path())!)).split("\r\n");
    assert.match(lines[1], /,night_trader,BTC\/USDT,1,2,200,225,25,1,100,1,5$/);
  },
);
