// Choosing the exchange and pair on the topbar: the market shows the choice at once, the session
// user holds it (so restoring from it never undoes a newer choice) and the server keeps it for
// the next sign-in.
import { saveSelection } from "../market/api.ts";
import { pairOnExchange, type TradingExchange } from "../market/pairs.ts";
import { clearPrices, market } from "../market/store.ts";
import { session, updateUser } from "../session/store.ts";
import { errorText, notifyError } from "../ui/notify.ts";
import { tradingMessages } from "./messages.ts";

export function selectExchange(exchange: TradingExchange) {
  if (exchange === market.exchange) return;
  market.exchange = exchange;
  clearPrices();
  market.pair = pairOnExchange(market.pair, exchange);
  return save();
}

export function selectPair(pair: string) {
  if (pair === market.pair) return;
  market.pair = pair;
  return save();
}

async function save() {
  const user = session.user;
  if (!user) return;
  const fields = { pair: market.pair, exchange: market.exchange };
  updateUser(fields);
  try {
    await saveSelection(user.id, fields);
  } catch (err) {
    notifyError(errorText(err, tradingMessages.translate("trading.saveFailed")));
  }
}
