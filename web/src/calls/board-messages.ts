// The call board's words (docs/calls.md#call-board-and-history).
import { defineMessages } from "../i18n/index.ts";

export const en = {
  "board.title": "Call board",
  "board.loadFailed": "Could not load the call board.",
  "board.heading": "{{lead}} called {{target}} at {{time}}",
  "board.ended": "Call ended",
  "board.recipients": "Recipients",
  "board.followed": "Followed",
  "board.followedValue": "{{count}} of {{total}} ({{share}})",
  "board.filled": "Filled amount",
  "board.result": "Result so far",
  "board.resultSplit":
    "Realized {{realized}}, unrealized at the live price {{unrealized}}. Missed calls would have made {{missed}} (never profit).",
  "board.user": "User",
  "board.state": "State",
  "board.delivery": "Reached by",
  "board.seen": "Notice seen",
  "board.side": "Side",
  "board.fill": "Fill price",
  "board.amount": "Amount",
  "board.reaction": "Reaction",
  "board.details": "Result or reason",
  "board.missedWouldBe": "Would have made {{amount}}",
  "board.noRecipients": "Nobody received this call yet.",
  "board.state.notified": "Notified",
  "board.state.seen": "Seen",
  "board.state.traded": "Traded",
  "board.state.refused": "Refused",
  "board.state.missed": "Missed",
  "board.delivery.page": "Page open",
  "board.delivery.push": "Pushed to a phone",
  "board.delivery.offline": "Offline",
  "board.target.ALL": "BUY and SELL",
  "board.openPage": "Open the call's page",
  "board.close": "Close the call board",
};

export const boardMessages = defineMessages(en, {
  zh: () => import("./board-messages.zh.ts"),
  es: () => import("./board-messages.es.ts"),
  fr: () => import("./board-messages.fr.ts"),
  it: () => import("./board-messages.it.ts"),
});
