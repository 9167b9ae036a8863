import assert from "node:assert/strict";
import { msg } from "../../server/core/messages.shared.ts";
import { ExchangeError } from "../../server/exchanges/adapter.ts";
import { refusalMessage } from "../../server/exchanges/refusals.ts";
import { serverText } from "../../web/src/errors/server-messages.ts";
import { languageLoaded } from "../../web/src/i18n/index.ts";

Deno.test("refusalMessage: the refusals a trader can act on are coded by the exchange's code or label", async () => {
  await languageLoaded("es");
  const binanceBalance = new ExchangeError(
    "binance",
    "Account has insufficient balance for requested action.",
    400,
    "-2010",
  );
  assert.deepEqual(
    refusalMessage(binanceBalance),
    msg("exchange.insufficientBalance", { exchange: "Binance" }),
  );
  const gateBalance = new ExchangeError("gate", "Not enough balance", 400, "BALANCE_NOT_ENOUGH");
  assert.equal(refusalMessage(gateBalance).code, "exchange.insufficientBalance");
  const filter = new ExchangeError("binance", "Filter failure: LOT_SIZE", 400, "-1013");
  assert.deepEqual(
    refusalMessage(filter),
    msg("exchange.filterFailure", { exchange: "Binance", detail: "Filter failure: LOT_SIZE" }),
  );
  assert.equal(
    serverText("exchange.insufficientBalance", { exchange: "Gate" }, "es"),
    "Saldo insuficiente en Gate para esta orden",
  );
});

Deno.test("refusalMessage: our own refusals keep their code; any other keeps the exchange's text", async () => {
  await languageLoaded("fr");
  const ours = msg("exchange.minimumOrder", {
    exchange: "Gate",
    pair: "BTC/USDT",
    minimum: "3 USDT",
  });
  assert.equal(refusalMessage(new ExchangeError("gate", ours, 400)), ours);
  // Binance's -2010 is also a duplicate order and more: only its balance text is a balance.
  const other = new ExchangeError("binance", "Duplicate order sent.", 400, "-2010");
  assert.deepEqual(
    refusalMessage(other),
    msg("exchange.refused", { detail: "Duplicate order sent." }),
  );
  assert.equal(
    serverText("exchange.refused", { detail: "Duplicate order sent." }, "fr"),
    "Réponse de la plateforme : Duplicate order sent.",
  );
});

Deno.test("refusalMessage: each Gate label as Gate sends it (sources in server/exchanges/README.md)", () => {
  const table: [string, string][] = [
    ["BALANCE_NOT_ENOUGH", "exchange.insufficientBalance"],
    ["INVALID_PRECISION", "exchange.filterFailure"],
    ["INVALID_PARAM_VALUE", "exchange.filterFailure"],
    ["AMOUNT_TOO_LITTLE", "exchange.filterFailure"],
    ["AMOUNT_TOO_MUCH", "exchange.filterFailure"],
    ["REQUEST_EXPIRED", "exchange.clockSkew"],
    ["INVALID_KEY", "exchange.badKey"],
    ["INVALID_CREDENTIALS", "exchange.badKey"],
    ["INVALID_SIGNATURE", "exchange.badKey"],
    ["READ_ONLY", "exchange.badKey"],
    ["IP_FORBIDDEN", "exchange.badKey"],
    ["ACCOUNT_LOCKED", "exchange.badKey"],
    ["FORBIDDEN", "exchange.badKey"],
    // Not Gate's: ccxt and Gate know INVALID_PRECISION only; any other keeps Gate's own text.
    ["INVALID_PRECISION_AMOUNT", "exchange.refused"],
    ["POC_FILL_IMMEDIATELY", "exchange.refused"],
  ];
  for (const [label, code] of table) {
    const err = new ExchangeError("gate", `Gate says ${label}`, 400, label);
    assert.equal(refusalMessage(err).code, code, label);
  }
});
