// The trading stores under Deno with a stubbed fetch: the saved selection, pushed prices, and the
// create flow's dialogs and list effects.
import assert from "node:assert/strict";
import { answer as serverAnswer, msg } from "../../server/core/messages.shared.ts";
import type { PublicUser } from "../../server/auth/public-user.shared.ts";
import { calls } from "../../web/src/calls/store.ts";
import { session, signIn, signOut } from "../../web/src/session/store.ts";
import { market, restoreSelection, setPrice } from "../../web/src/market/store.ts";
import { selectExchange } from "../../web/src/trading/selection.ts";
import { placeOrder, trade } from "../../web/src/trading/trade-store.ts";
import { serverText } from "../../web/src/errors/server-messages.ts";
import { languageLoaded } from "../../web/src/i18n/index.ts";
import { transactionLists } from "../../web/src/transactions/store.ts";

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** Answers each request from `routes` ("METHOD /path" → body or [status, body]) and records it. */
function stubFetch(routes: Record<string, unknown>) {
  const sent: Sent[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = ((input: string, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? "GET";
    sent.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = routes[`${method} ${url.split("?")[0]}`];
    const [status, body] = Array.isArray(answer) ? answer : [200, answer ?? {}];
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json" },
      }),
    );
  }) as typeof fetch;
  return { sent, restore: () => (globalThis.fetch = original) };
}

function signInAs(fields: Partial<PublicUser> = {}) {
  signIn({
    id: 7,
    username: "boss_one",
    role: "SuperAdmin",
    pair: "btc_usdt",
    exchange: "binance",
    useBot: "buy_sell",
    spread: "1",
    tradingAmount: "100",
    coinFunds: "0",
    coinTradingAmount: "0",
    isAutoSpread: false,
    isFull: false,
    isRandom: false,
    fraction: "0",
    binanceKey: "********",
    binanceSecret: "********",
    gateKeyV4: "",
    gateSecretV4: "",
    selectBots: [],
    ...fields,
  } as PublicUser, "token-1");
}

const view = (id: number, status = "BUY") => ({
  id,
  status,
  username: "boss_one",
  pair: "btc_usdt",
  sellPrice: "60600.00000000",
});

Deno.test({
  name: "market store: leaving Gate on MEPAD switches to btc_usdt and saves both to the user",
  sanitizeOps: false,
  async fn() {
    const stub = stubFetch({ "PATCH /api/users/7": {} });
    try {
      signInAs({ exchange: "gate", pair: "mepad_usdt" });
      restoreSelection(session.user!);
      assert.equal(market.exchange, "gate");
      assert.equal(market.pair, "mepad_usdt");
      await selectExchange("binance");
      assert.equal(market.pair, "btc_usdt");
      assert.deepEqual(stub.sent.map((s) => [s.method, s.url, s.body]), [
        ["PATCH", "/api/users/7", { pair: "btc_usdt", exchange: "binance" }],
      ]);
      // The session user holds the choice at once, so a later restore keeps it.
      assert.equal(session.user!.exchange, "binance");
      // Prices pushed for another exchange are ignored.
      setPrice("gate", { btc_usdt: "1.00" });
      assert.equal(market.prices.btc_usdt, undefined);
      setPrice("binance", { btc_usdt: "60000.00" });
      assert.equal(market.prices.btc_usdt, "60000.00");
    } finally {
      stub.restore();
      signOut();
    }
  },
});

Deno.test({
  name: "placeOrder: a created BUY is prepended to the BUY list and marks the call bought",
  sanitizeOps: false,
  async fn() {
    const stub = stubFetch({
      "POST /api/transaction": [201, {
        isFluctuating: false,
        marketPrice: "60000.00000000",
        lastMarketPrice: "60000.00",
        tradingAmount: "100.00000000",
        transaction: view(11),
        extraTransactions: [view(12)],
        extraErrors: [],
      }],
    });
    try {
      signInAs({ useBot: "none" });
      restoreSelection(session.user!);
      setPrice("binance", { btc_usdt: "60000.00" });
      transactionLists.state.result.BUY = {
        items: [view(3)] as never,
        totalItems: 1,
        totalCapped: false,
      };
      await placeOrder("BUY");
      const [sent] = stub.sent;
      assert.equal(sent.url, "/api/transaction");
      assert.deepEqual(
        sent.body,
        {
          marketPrice: "60000.00",
          pair: "btc_usdt",
          amount: "100",
          buyPrice: "60000.00000000",
          sellPrice: "60000.00000000",
          userId: 7,
          quantity: "0.00166666",
          useBot: "none",
          spread: "1",
          tradingAmount: "100",
          isAutoSpread: false,
          status: "BUY",
          exchange: "binance",
          isFull: false,
          isRandom: false,
          fraction: "0",
        },
      );
      assert.deepEqual(transactionLists.state.result.BUY.items.map((t) => t.id), [12, 11, 3]);
      assert.equal(transactionLists.state.result.BUY.totalItems, 3);
      assert.equal(calls.justBought, true);
      assert.equal(trade.creating, false);
      assert.equal(trade.dialog, null);
    } finally {
      stub.restore();
      signOut();
      calls.justBought = false;
    }
  },
});

Deno.test({
  name:
    "placeOrder: fluctuating, server errors, the exchange's minimum and missing keys end in their dialogs",
  sanitizeOps: false,
  async fn() {
    let answer: unknown = [200, {
      isFluctuating: true,
      marketPrice: "60000.00000000",
      lastMarketPrice: "61000.00",
      tradingAmount: "100",
    }];
    const stub = stubFetch({
      get "POST /api/transaction"() {
        return answer;
      },
    });
    try {
      signInAs();
      restoreSelection(session.user!);
      setPrice("binance", { btc_usdt: "60000.00" });
      await placeOrder("BUY");
      assert.deepEqual(trade.dialog, {
        kind: "fluctuating",
        marketPrice: "60000.00000000",
        lastMarketPrice: "61000.00",
      });
      assert.equal(transactionLists.state.result.BUY.items.length, 0);

      answer = [400, { message: "Binance refused the order:\nInsufficient balance" }];
      await placeOrder("BUY");
      assert.deepEqual(trade.dialog, {
        kind: "error",
        message: "Binance refused the order:\nInsufficient balance",
      });

      // The exchange's minimum, by its code in the reader's language.
      const parts = { exchange: "Binance", pair: "BTC/USDT", minimum: "5 USDT" };
      const minimum = msg("exchange.minimumOrder", parts);
      answer = [400, serverAnswer(minimum)];
      await placeOrder("BUY");
      assert.deepEqual(trade.dialog, {
        kind: "error",
        message: "Minimum order on Binance BTC/USDT is 5 USDT",
      });
      // Other languages load when chosen.
      await languageLoaded("fr");
      await languageLoaded("zh");
      assert.equal(
        serverText("exchange.minimumOrder", parts, "fr"),
        "L'ordre minimum sur Binance BTC/USDT est de 5 USDT",
      );
      assert.equal(
        serverText("exchange.minimumOrder", parts, "zh"),
        "Binance BTC/USDT 的最小订单为 5 USDT",
      );

      // What the server answers: the message with its code.
      answer = [400, serverAnswer(msg("keys.missing", { exchange: "Binance" }))];
      await placeOrder("BUY");
      assert.deepEqual(trade.dialog, { kind: "missingKeys", exchange: "binance" });

      // Without stored Gate keys the request is not even sent.
      const before = stub.sent.length;
      await selectExchange("gate");
      setPrice("gate", { btc_usdt: "60000.00" });
      await placeOrder("BUY");
      assert.deepEqual(trade.dialog, { kind: "missingKeys", exchange: "gate" });
      assert.equal(stub.sent.filter((s) => s.url === "/api/transaction").length, before);
    } finally {
      stub.restore();
      signOut();
    }
  },
});
