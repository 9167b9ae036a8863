import assert from "node:assert/strict";
import { msg } from "../../server/core/messages.ts";
import { ExchangeError } from "../../server/exchanges/adapter.ts";
import { refusalMessage } from "../../server/exchanges/refusals.ts";
import { serverText } from "../../web/src/errors/server-messages.ts";

Deno.test("refusalMessage: the refusals a trader can act on are coded by the exchange's code or label", () => {
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

Deno.test("refusalMessage: our own refusals keep their code; any other keeps the exchange's text", () => {
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
