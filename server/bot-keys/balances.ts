// GET /bot-key/bot-balance/{id}: a key's balances through its own adapter, named as its exchange
// names them (Binance free and locked, Gate available and locked); entries whose amounts are all
// zero are dropped (docs/screens.md#bot-keys-pages). An exchange that refuses the key or cannot be
// reached is that key's `error` in a 200 answer, so a page of several keys shows it beside that key
// only; it goes coded too (`errorCode`, `errorParams`) for the client to word.
import { badRequest, notFound } from "../core/errors.ts";
import { dec } from "../core/decimal.shared.ts";
import type { Deps } from "../deps.ts";
import { type Balance, ExchangeError } from "../exchanges/adapter.ts";
import { kindOf } from "../exchanges/exchanges.ts";
import { exchangeTitle } from "../exchanges/pairs.shared.ts";
import { botAccount, findLiveBotKey } from "./accounts.ts";
import type { BotKeyExchange } from "./schema.ts";
import {
  type CodedMessage,
  type MessageCode,
  type MessageParams,
  msg,
  wrapping,
} from "../core/messages.shared.ts";

export type BinanceBalance = { asset: string; free: string; locked: string };
export type GateBalance = { currency: string; available: string; locked: string };

export interface BotBalance {
  id: number;
  exchange: string;
  username: string;
  adapter: string;
  balances: (BinanceBalance | GateBalance)[];
  /** The exchange's complaint about this key; null when the balances were read. */
  error: string | null;
  /** The same, coded; null when the balances were read. */
  errorCode: MessageCode | null;
  errorParams: MessageParams | null;
}

export async function botBalance(
  deps: Pick<Deps, "db" | "exchanges" | "secretBox">,
  id: number,
  exchange?: BotKeyExchange,
) {
  const row = await findLiveBotKey(deps.db, id);
  if (!row) throw notFound(msg("botKeys.notFound", { id }));
  if (exchange && exchange !== row.exchange) {
    throw badRequest(
      msg("botKeys.wrongExchange", {
        id,
        actual: exchangeTitle(row.exchange),
        exchange: exchangeTitle(exchange),
      }),
      "exchange",
    );
  }
  const base = { id: row.id, exchange: row.exchange, username: row.username, adapter: row.adapter };
  try {
    const adapter = deps.exchanges.adapter(row.exchange, kindOf(row.adapter));
    const balances = (await adapter.balances(await botAccount(deps, row)))
      .filter((b) => !dec(b.free).isZero() || !dec(b.locked).isZero())
      .map((b) => named(row.exchange, b));
    return {
      ...base,
      balances,
      error: null,
      errorCode: null,
      errorParams: null,
    } satisfies BotBalance;
  } catch (err) {
    if (!(err instanceof ExchangeError)) throw err;
    const { text, code, params } = keyError(row.exchange, err);
    return {
      ...base,
      balances: [],
      error: text,
      errorCode: code,
      errorParams: params,
    } satisfies BotBalance;
  }
}

function named(exchange: string, b: Balance): BinanceBalance | GateBalance {
  return exchange === "gate"
    ? { currency: b.asset, available: b.free, locked: b.locked }
    : { asset: b.asset, free: b.free, locked: b.locked };
}

/** "Gate: Invalid key provided": the exchange's words, saying whose they are. */
export function keyError(exchange: string, err: ExchangeError): CodedMessage {
  const hasName = err.message.toLowerCase().includes(exchange);
  const title = exchangeTitle(exchange);
  if (err.coded) {
    return hasName ? err.coded : wrapping("botKeys.balanceError", "detail", err.coded, {
      exchange: title,
    });
  }
  return hasName
    ? msg("exchange.refused", { detail: err.message })
    : msg("botKeys.balanceError", { exchange: title, detail: err.message });
}
