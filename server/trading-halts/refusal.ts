// A refused order: a coded message (server/core/messages.shared.ts), so the client words it in the user's
// language; bot-keys/trade.ts knows it by its class, to answer it once for every bot account.
import { AppError } from "../core/errors.ts";
import { msg } from "../core/messages.shared.ts";

const CODES = {
  all: "halts.all",
  exchange: "halts.exchange",
  user: "halts.user",
  perOrder: "limits.perOrder",
  perDay: "limits.perDay",
} as const;

export type RefusalKind = keyof typeof CODES;

export class TradingRefused extends AppError {
  constructor(kind: RefusalKind, params: Record<string, string>) {
    super("FORBIDDEN", msg(CODES[kind], params));
  }
}
