// An exchange's refusal as a coded message (server/core/messages.shared.ts), so the trader reads it in
// their language. The exchange's own text is in English only: the refusals a trader can act on are
// known by the exchange's error code or label (see README.md for the sources); any other keeps
// the exchange's text as its detail. (An unknown pair never reaches an exchange: its markets' rules
// refuse it first.)
import { AppError } from "../core/errors.ts";
import { type CodedMessage, msg, type Saying } from "../core/messages.shared.ts";
import { ExchangeError } from "./adapter.ts";
import { GATE_FILTER_LABELS } from "./gate.ts";

type Kind = "insufficientBalance" | "filterFailure" | "clockSkew" | "badKey";

const BY_CODE: Record<string, Record<string, Kind>> = {
  binance: {
    "-1013": "filterFailure",
    "-1021": "clockSkew",
    "-2014": "badKey",
    "-2015": "badKey",
  },
  gate: {
    BALANCE_NOT_ENOUGH: "insufficientBalance",
    ...Object.fromEntries(GATE_FILTER_LABELS.map((label) => [label, "filterFailure" as const])),
    REQUEST_EXPIRED: "clockSkew",
    // The key: unknown, wrongly signed, read-only, not allowed from this IP, or its account locked.
    INVALID_KEY: "badKey",
    INVALID_CREDENTIALS: "badKey",
    INVALID_SIGNATURE: "badKey",
    READ_ONLY: "badKey",
    IP_FORBIDDEN: "badKey",
    ACCOUNT_LOCKED: "badKey",
    FORBIDDEN: "badKey",
  },
};

// Binance's -2010 (NEW_ORDER_REJECTED) covers several refusals; its text tells them apart.
const BINANCE_BALANCE = /insufficient balance/i;

const TITLES: Record<string, string> = { binance: "Binance", gate: "Gate" };

function kindOf(err: ExchangeError): Kind | undefined {
  if (err.exchange === "binance" && err.code === "-2010" && BINANCE_BALANCE.test(err.message)) {
    return "insufficientBalance";
  }
  return BY_CODE[err.exchange]?.[err.code ?? ""];
}

/** What to tell the trader of an ExchangeError. */
export function refusalMessage(err: ExchangeError): CodedMessage {
  if (err.coded) return err.coded;
  const exchange = TITLES[err.exchange] ?? err.exchange;
  const detail = err.message;
  switch (kindOf(err)) {
    case "insufficientBalance":
      return msg("exchange.insufficientBalance", { exchange });
    case "filterFailure":
      return msg("exchange.filterFailure", { exchange, detail });
    case "clockSkew":
      return msg("exchange.clockSkew", { exchange, detail });
    case "badKey":
      return msg("exchange.badKey", { exchange, detail });
    default:
      return msg("exchange.refused", { detail });
  }
}

/** What any failure of an order says: coded where we word it, else its own text. */
export function sayingOf(err: unknown): Saying {
  if (err instanceof ExchangeError) return refusalMessage(err);
  if (err instanceof AppError) return err.said;
  return { text: err instanceof Error ? err.message : String(err) };
}
