import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { users } from "../../server/db/schema.ts";
import { signInToDashboard } from "./support/browser.ts";
import { untilUserRow } from "./support/server.ts";
import { e2eTest } from "./support/e2e-test.ts";

e2eTest(
  "trading settings: a SuperAdmin sets a User's settings and keys from /manage-users; the User sees them read-only",
  async ({ server, browser }) => {
    const admin = await server.user("SuperAdmin");
    const user = await server.user("User");
    const page = await browser.newPage();
    await signInToDashboard(page, server, admin);
    await page.goto(server.baseUrl + "/manage-users");
    const row = page.getByTestId(`user-row-${user.username}`);
    // Without keys, a User (whom every call puts in a bot mode) cannot trade: flagged.
    await row.getByTestId(`needs-keys-${user.username}`).waitFor();

    await row.getByTestId(`settings-${user.username}`).click();
    await page.getByTestId("settings-numberOfTran").fill("11");
    await page.getByTestId("settings-tradingAmount").fill("-5");
    await page.getByTestId("settings-submit").click();
    await page.getByText("Must be a number with at most 8 decimals").waitFor();
    await page.getByText("Must be a whole number from 1 to 10").waitFor();
    await page.getByTestId("settings-numberOfTran").fill("3");
    await page.getByTestId("settings-tradingAmount").fill("250.5");
    await page.getByTestId("settings-spread").fill("1.5");
    await page.getByTestId("settings-exchange").selectOption("gate");
    // The pair select offers what the chosen exchange's markets trade: Gate's MEPAD, no BTC/USD;
    // on Binance no MEPAD (Gate-only) and no BTC/USD either.
    const offered = async (present: string) => {
      const select = page.getByTestId("settings-pair");
      await select.locator(`option[value="${present}"]`).waitFor({ state: "attached" });
      return await select.locator("option").evaluateAll((os) =>
        os.map((o) => (o as HTMLOptionElement).value)
      );
    };
    const onGate = await offered("mepad_usdt");
    assert.ok(!onGate.includes("btc_usd") && !onGate.includes("btc_fdusd"), onGate.join());
    await page.getByTestId("settings-exchange").selectOption("binance");
    const onBinance = await offered("btc_fdusd");
    assert.ok(!onBinance.includes("btc_usd") && !onBinance.includes("mepad_usdt"));
    await page.getByTestId("settings-exchange").selectOption("gate");
    await offered("mepad_usdt");
    await page.getByTestId("settings-pair").selectOption("btc_usdt");
    await page.getByTestId("settings-useBot").selectOption("buy_sell");
    await page.getByTestId("settings-group").fill("desk_a");
    await page.getByTestId("settings-submit").click();
    await page.getByText(`Trading settings of ${user.username} saved.`).waitFor();
    await untilUserRow(
      server,
      user.id,
      (u) => u.tradingAmount === "250.50000000" && u.numberOfTran === 3 && u.group === "desk_a",
      "the settings to be saved",
    );
    const [saved] = await server.deps.db.select().from(users).where(eq(users.id, user.id));
    assert.equal(saved.exchange, "gate");
    assert.equal(saved.pair, "btc_usdt");
    assert.equal(saved.spread, "1.50000000");
    assert.equal(saved.useBot, "buy_sell");

    // Gate keys for that user, through the same masked, transport-encrypted form.
    await row.getByTestId(`keys-${user.username}`).click();
    await page.getByTestId("keys-exchange").getByText("Gate").click();
    await page.getByTestId("key-gateKeyV4").fill("gate-key-of-user");
    await page.getByTestId("key-gateSecretV4").fill("gate-secret-of-user");
    await page.getByTestId("keys-submit").click();
    await page.getByText("Update Success!").waitFor();
    await row.getByTestId(`needs-keys-${user.username}`).waitFor({ state: "detached" });
    await row.getByTestId(`keys-cell-${user.username}`).getByText("Gate").waitFor();
    const [keyed] = await server.deps.db.select().from(users).where(eq(users.id, user.id));
    assert.equal(await server.deps.secretBox.open(keyed.gateKeyV4!), "gate-key-of-user");
    const [own] = await server.deps.db.select().from(users).where(eq(users.id, admin.id));
    assert.equal(own.gateKeyV4, null, "the SuperAdmin's own keys are untouched");

    // The User sees their settings, read-only, and coinFunds read from the paper account.
    const userPage = await (await browser.newContext()).newPage();
    await signInToDashboard(userPage, server, user);
    await userPage.getByTestId("avatar-menu").click();
    await userPage.getByTestId("menu-trading-settings").click();
    assert.equal(
      await userPage.getByTestId("settings-tradingAmount").inputValue(),
      "250.50000000",
    );
    assert.equal(await userPage.getByTestId("settings-tradingAmount").isDisabled(), true);
    assert.equal(await userPage.getByTestId("settings-submit").count(), 0);
    await userPage.getByTestId("settings-read-funds").click();
    await userPage.getByTestId("settings-coinFunds").getByText("2.00000000 BTC on Gate")
      .waitFor();
  },
);
