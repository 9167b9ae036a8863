// One check for every route that takes a pair with an exchange (an order, the saved topbar or
// trading settings, a coin-funds read): the pair must be one the exchange offers, the spec's list
// for it less what its markets do not trade (offeredPairs). Otherwise a 400 naming both.
import { badRequest } from "../../core/errors.ts";
import { msg } from "../../core/messages.shared.ts";
import { type ExchangeName, exchangeTitle, findPair, isOfferedOn } from "../pairs.shared.ts";
import type { Markets } from "./markets.ts";

export async function assertOffered(markets: Markets, exchange: ExchangeName, pair: string) {
  // offeredPairs' rule for one pair, without listing them all on every order.
  const info = findPair(pair);
  if (info && isOfferedOn(exchange, info)) {
    if (info.nft || await markets.rule(exchange, pair)) return;
  }
  throw badRequest(
    msg("trading.pairNotOnExchange", {
      pair: findPair(pair)?.label ?? pair,
      exchange: exchangeTitle(exchange),
    }),
    "pair",
  );
}
