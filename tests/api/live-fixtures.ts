// Issue 15's live set-up: the product with EXCHANGE_ADAPTER=live pointed at fake Binance and Gate
// that enforce the exchanges' rules, a SuperAdmin with keys for both, and the helpers to price a
// pair on both sides and to buy through the API.
import { eq } from "drizzle-orm";
import type { Config } from "../../server/config.ts";
import { ManualClock } from "../../server/core/clock.ts";
import { dec } from "../../server/core/decimal.shared.ts";
import { transactions } from "../../server/db/schema.ts";
import type { TradeError, TransactionView } from "../../server/transactions/view.ts";
import { createExchanges } from "../../server/exchanges/exchanges.ts";
import { TRADING_KEY_FIELDS } from "../../server/keys/schema.ts";
import { type FakeBinance, startFakeBinance } from "../fakes/fake-binance.ts";
import { type FakeGate, startFakeGate } from "../fakes/fake-gate.ts";
import { makeTestApp, type TestApp } from "../support/test-app.ts";
import { buyBody, setUser } from "./transactions-fixtures.ts";

const RICH = {
  USDT: "1000000",
  FDUSD: "1000000",
  TUSD: "1000000",
  BTC: "10",
  ETH: "100",
  BNB: "1000",
};

/** Where each pair trades, roughly: the feed's and the fake book's price. */
export const LEVEL: Record<string, string> = {
  btc_usdt: "60000.12",
  eth_usdt: "3000.57",
  bnb_usdt: "600.3",
  btc_fdusd: "60010.5",
  btc_tusd: "60020.25",
  undead_usdt: "0.00234",
  naft_usdt: "0.0003123",
  mepad_usdt: "0.004567",
};

export interface Live {
  t: TestApp;
  token: string;
  binance: FakeBinance;
  gate: FakeGate;
}

/** `env`: more of the test app's configuration (ORDER_ANSWER_MS, ...). */
export async function setup(env: Partial<Config> = {}): Promise<Live> {
  const clock = new ManualClock();
  const binance = startFakeBinance({ now: () => clock.now().getTime(), balances: RICH });
  const gate = startFakeGate({
    now: () => Math.floor(clock.now().getTime() / 1000),
    balances: { ...RICH, UNDEAD: "1e9", NAFT: "1e9", MEPAD: "1e9" },
  });
  const t = await makeTestApp({
    EXCHANGE_ADAPTER: "live",
    BINANCE_REST_URL: binance.restUrl,
    GATE_REST_URL: gate.restUrl,
    ...env,
  }, { clock });
  // A short wait for an answer, so a lost one is looked up without a 10 s pause.
  t.deps.exchanges = createExchanges({
    config: t.deps.config,
    database: t.deps.database,
    clock,
    market: t.market,
    timeoutMs: 1000,
  });
  await t.deps.exchanges.start();
  const u = await t.user("SuperAdmin");
  const seal = (text: string) => t.deps.secretBox.seal(text);
  await setUser(t, u.id, {
    [TRADING_KEY_FIELDS.binance[0]]: await seal(binance.apiKey),
    [TRADING_KEY_FIELDS.binance[1]]: await seal(binance.secret),
    [TRADING_KEY_FIELDS.gate[0]]: await seal(gate.apiKey),
    [TRADING_KEY_FIELDS.gate[1]]: await seal(gate.secret),
  });
  return { t, token: u.token, binance, gate };
}

export async function close(l: Live) {
  await l.t.close();
  await l.binance.close();
  await l.gate.close();
}

/** Sets the feed and the exchange's book to `price` (bid; the ask a tick above on Gate). */
export function price(l: Live, exchange: "binance" | "gate", pair: string, bid: string) {
  l.t.market.sim(exchange)!.setPrice(pair, bid);
  const symbol = pair.toUpperCase();
  if (exchange === "binance") l.binance.bookTicker(symbol.replace("_", ""), bid, bid);
  else l.gate.ticker(symbol, bid, bid);
}

export const sentOrders = (l: Live, exchange: "binance" | "gate") =>
  exchange === "binance" ? l.binance.orders.length : l.gate.orders.length;

export async function buy(l: Live, exchange: "binance" | "gate", pair: string, amount: string) {
  const body = buyBody(l.t, { exchange, pair, amount });
  const sellPrice = dec(body.marketPrice).mul("1.01").toFixed(8);
  return await l.t.call("POST", "/api/transaction", {
    token: l.token,
    body: { ...body, sellPrice },
  });
}

export const row = async (l: Live, id: number) =>
  (await l.t.deps.db.select().from(transactions).where(eq(transactions.id, id)))[0];

/** What the owner was told: rows changed and trade errors. */
export function listen(deps: Live["t"]["deps"]) {
  const changed: TransactionView[] = [];
  const errors: TradeError[] = [];
  deps.onTransactionChanged = (tx) => changed.push(tx);
  deps.onTradeError = (_user, e) => errors.push(e);
  return { changed, errors };
}
