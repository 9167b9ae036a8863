// The frames a client sends over /api/socket, and their check. Apart from protocol.ts so the web
// client, which only sends them, does not load zod for the server's parser.
import { z } from "zod";
import { MARKET_EXCHANGES } from "../market/feed.shared.ts";

export const clientMessageSchema = z.discriminatedUnion("type", [
  /** (Re)joins the user's group (the server reads it from the account) and picks the price feed. */
  z.object({ type: z.literal("JoinGroup"), exchange: z.enum(MARKET_EXCHANGES).optional() }),
  /** Tells the rest of the group this user's BUY state changed; they reload their lists. */
  z.object({ type: z.literal("active-buy"), active: z.boolean() }),
  /** The page was shown or hidden: calls are pushed to the devices of users with no page shown. */
  z.object({ type: z.literal("visibility"), visible: z.boolean() }),
]);

export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** A client frame, or null when it is not one of ours. */
export function parseClientMessage(text: string): ClientMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const result = clientMessageSchema.safeParse(value);
  return result.success ? result.data : null;
}
