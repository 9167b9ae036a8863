// GET /desk/balances: what the accounts the caller trades with hold on one exchange: their own
// (the paper ledger, or the exchange's balance read with their stored keys) and the bot keys they
// selected, which their orders go to (transactions/bot-key-trade.ts). Keys are only used to sign
// the read; an account that cannot be read says why beside it, the others still show.
import type { SessionUser } from "../auth/sessions.ts";
import { botAccount } from "../bot-keys/accounts.ts";
import { keyError } from "../bot-keys/balances.ts";
import { dec } from "../core/decimal.shared.ts";
import { msg, type Saying } from "../core/messages.shared.ts";
import type { Deps } from "../deps.ts";
import { type AccountRef, ExchangeError } from "../exchanges/adapter.ts";
import { kindOf } from "../exchanges/exchanges.ts";
import { exchangeTitle } from "../exchanges/pairs.shared.ts";
import { tradingCredentials } from "../keys/credentials.ts";
import type { MarketExchange } from "../market/feed.shared.ts";
import { selectedBotKeys } from "../transactions/bot-key-trade.ts";
import type { BalanceAccount, DeskBalancesAnswer } from "./schema.shared.ts";

type BalanceDeps = Pick<Deps, "clock" | "db" | "exchanges" | "secretBox">;

export async function deskBalances(
  deps: BalanceDeps,
  user: SessionUser,
  exchange: MarketExchange,
): Promise<DeskBalancesAnswer> {
  const bots = await selectedBotKeys(deps, user, exchange);
  const own = read(deps, exchange, {
    account: `user:${user.id}`,
    label: user.username,
    adapter: deps.exchanges.adapter(exchange).name,
    ref: async () => ({
      id: `user:${user.id}`,
      credentials: await tradingCredentials(deps, user, exchange) ?? undefined,
    }),
  });
  const accounts = await Promise.all([
    own,
    ...bots.map((bot) =>
      read(deps, exchange, {
        account: `bot:${bot.id}`,
        label: bot.username,
        adapter: kindOf(bot.adapter) === "paper" ? "paper" : exchange,
        ref: () => botAccount(deps, bot),
      })
    ),
  ]);
  return { exchange, accounts, at: deps.clock.now().getTime() };
}

interface Account {
  account: string;
  label: string;
  adapter: BalanceAccount["adapter"];
  ref: () => Promise<AccountRef>;
}

async function read(
  deps: BalanceDeps,
  exchange: MarketExchange,
  a: Account,
): Promise<BalanceAccount> {
  const base = { account: a.account, label: a.label, adapter: a.adapter };
  const failed = (said: Saying) => ({
    ...base,
    balances: [],
    error: said.text,
    errorCode: said.code ?? null,
    errorParams: said.params ?? null,
  });
  const adapter = deps.exchanges.adapter(exchange, a.adapter === "paper" ? "paper" : "live");
  const ref = await a.ref();
  // The paper ledger is the account itself; a live exchange is asked with the account's keys.
  if (!adapter.inDatabase && !ref.credentials) {
    return failed(msg("keys.missing", { exchange: exchangeTitle(exchange) }));
  }
  try {
    const balances = (await adapter.balances(ref))
      .filter((b) => !dec(b.free).isZero() || !dec(b.locked).isZero());
    return { ...base, balances, error: null, errorCode: null, errorParams: null };
  } catch (err) {
    if (!(err instanceof ExchangeError)) throw err;
    return failed(keyError(exchange, err));
  }
}
