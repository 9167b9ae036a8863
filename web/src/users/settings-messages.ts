// The trading-settings form and the keys column of /manage-users, in five languages.
import { defineMessages } from "../i18n/index.ts";

export const en = {
  "settings.field.pair": "Pair",
  "settings.help.pair": "The pair this user trades; a call naming a pair reaches users on it.",
  "settings.field.exchange": "Exchange",
  "settings.help.exchange": "Where this user's orders are placed.",
  "settings.field.useBot": "Bot mode",
  "settings.help.useBot":
    "What a click does: buy then sell at the spread, sell then buy back, or one way only. A call switches a User's mode.",
  "settings.field.tradingAmount": "Trading amount",
  "settings.help.tradingAmount":
    "Quote currency (e.g. USDT) spent on each BUY. 0: this user cannot buy.",
  "settings.field.coinTradingAmount": "Coin trading amount",
  "settings.help.coinTradingAmount":
    "Coins sold on each SELL (only sell sells 95% of the coin funds instead).",
  "settings.field.spread": "Spread (%)",
  "settings.help.spread":
    "How far above the buy price the bot sells (or below the sell price it buys back), in percent.",
  "settings.field.isAutoSpread": "Auto spread",
  "settings.help.isAutoSpread":
    "Passed to the bot with each transaction: it may pick the spread itself.",
  "settings.field.numberOfTran": "Transactions per click",
  "settings.help.numberOfTran":
    "1 to 10: a bot-mode click places this many orders, the extra ones varied by 5-20%.",
  "settings.field.fraction": "Fraction (%)",
  "settings.help.fraction":
    "Passed to the bot with each transaction: the share of the amount it works with.",
  "settings.field.isFull": "Full amount",
  "settings.help.isFull":
    "Passed to the bot with each transaction: trade the whole amount at once.",
  "settings.field.isRandom": "Random amounts",
  "settings.help.isRandom": "Passed to the bot with each transaction: vary the amounts it places.",
  "settings.field.group": "Group",
  "settings.help.group": "Calls reach every member of the caller's group.",
  "settings.field.coinFunds": "Coin funds",
  "settings.help.coinFunds":
    "What the account holds of the pair's coin on the exchange, read from it; only sell sells 95% of it.",
  "settings.title": "Trading settings of {{username}}",
  "settings.open": "Settings",
  "settings.keys": "Keys",
  "settings.myTitle": "My trading settings",
  "settings.readOnly":
    "Set by an Admin. You choose the pair and exchange in the top bar; a call sets your bot mode.",
  "settings.saved": "Trading settings of {{username}} saved.",
  "settings.saveFailed": "Could not save the trading settings.",
  "settings.keysColumn": "Keys",
  "settings.noKeys": "none",
  "settings.needsKeys": "needs keys",
  "settings.needsKeysHint": "Cannot trade: no {{exchange}} keys for the bot mode a call sets",
  "settings.readFunds": "Read from account",
  "settings.fundsFailed": "Could not read the account.",
  "settings.fundsOf": "{{amount}} {{asset}} on {{exchange}}",
  "settings.menu": "Trading Settings",
  "Must be a whole number from 1 to 10": "Must be a whole number from 1 to 10",
  "Must be a number with at most 8 decimals": "Must be a number with at most 8 decimals",
  "Must be between 0 and 100 with at most 8 decimals":
    "Must be between 0 and 100 with at most 8 decimals",
  "Must be between 0 and 1000000000 with at most 8 decimals":
    "Must be between 0 and 1000000000 with at most 8 decimals",
  "Unknown pair": "Unknown pair",
  "roleChange.title": "Change role",
  "roleChange.confirm":
    "Change the role of {{username}} from {{from}} to {{to}}? They are signed out at once.",
  "roleChange.superAdmin":
    "{{username}} becomes a SuperAdmin: full control of every user, every exchange key and bot key, and the power to remove other SuperAdmins.",
  "roleChange.ok": "Change role",
};

export const settingsMessages = defineMessages(en, {
  zh: () => import("./settings-messages.zh.ts"),
  es: () => import("./settings-messages.es.ts"),
  fr: () => import("./settings-messages.fr.ts"),
  it: () => import("./settings-messages.it.ts"),
});
