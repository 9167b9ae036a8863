// coinFunds (docs/trading.md#coin-funds): what the user's own account holds of the pair's coin on
// the exchange, the paper ledger or the live balance. Read from the account whenever it is needed
// (an only_sell order, the settings form) and kept on the user's row as the last value read.
import { and, eq, isNull } from "drizzle-orm";
import { userChanged } from "../auth/user-changed.ts";
import type { SessionUser } from "../auth/sessions.ts";
import { badRequest, forbidden } from "../core/errors.ts";
import { floor8 } from "../core/decimal.shared.ts";
import { users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import type { Credentials } from "../exchanges/adapter.ts";
import { tradingCredentials } from "../keys/credentials.ts";
import { exchangeTitle, findPair } from "../exchanges/pairs.shared.ts";
import { assertOffered } from "../exchanges/markets/offered.ts";
import { exchangeFailure } from "./open.ts";
import { assertCanActOn, findTarget } from "../auth/guards.ts";
import { can } from "../auth/roles.shared.ts";
import { msg } from "../core/messages.shared.ts";

export interface CoinFunds {
  coinFunds: string;
  /** The pair's base asset, e.g. "BTC". */
  asset: string;
  exchange: "binance" | "gate";
  pair: string;
}

/** Reads the coin of `pair` held on `exchange` with the given credentials and stores it. */
export async function readCoinFunds(
  deps: Pick<Deps, "clock" | "db" | "exchanges" | "onUserChanged" | "sessionCache">,
  user: Pick<SessionUser, "id">,
  exchange: "binance" | "gate",
  pair: string,
  credentials: Credentials,
): Promise<CoinFunds> {
  const info = findPair(pair);
  // An NFT pair is offered everywhere (a typed price) but is no coin an exchange holds.
  if (!info || info.nft) {
    throw badRequest(
      msg("trading.pairNotOnExchange", {
        pair: info?.label ?? pair,
        exchange: exchangeTitle(exchange),
      }),
    );
  }
  await assertOffered(deps.exchanges.markets(), exchange, pair);
  const adapter = deps.exchanges.adapter(exchange);
  let free: string;
  try {
    const balances = await adapter.balances({ id: `user:${user.id}`, credentials });
    free = balances.find((b) => b.asset === info.base)?.free ?? "0";
  } catch (err) {
    throw exchangeFailure(exchange, err);
  }
  const coinFunds = floor8(free);
  await deps.db.update(users).set({ coinFunds, updatedAt: deps.clock.now() })
    .where(and(eq(users.id, user.id), isNull(users.deletedAt)));
  userChanged(deps, user.id);
  return { coinFunds, asset: info.base, exchange, pair: info.value };
}

/**
 * GET /users/{id}/coin-funds: on the user's own pair and exchange, with their stored keys. Anyone
 * for themselves; Admin up for users at or below them.
 */
export async function coinFundsOf(
  deps: Pick<Deps, "clock" | "db" | "exchanges" | "onUserChanged" | "secretBox" | "sessionCache">,
  actor: SessionUser,
  id: number,
): Promise<CoinFunds> {
  const user = id === actor.id ? actor : await findTarget(deps.db, id);
  if (user.id !== actor.id) {
    if (!can(actor.role, "users.editOthers")) throw forbidden(msg("users.ownFundsOnly"));
    assertCanActOn(actor, user);
  }
  const exchange = user.exchange === "gate" ? "gate" : "binance";
  const credentials = await tradingCredentials(deps, user, exchange);
  if (!credentials) throw badRequest(msg("keys.missing", { exchange: exchangeTitle(exchange) }));
  return await readCoinFunds(deps, user, exchange, user.pair, credentials);
}
