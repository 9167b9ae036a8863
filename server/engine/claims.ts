// What an engine that stops being active leaves behind in the bot worker's claims.
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { transactions } from "../db/schema.ts";

/**
 * Claims on paper rows that no one was told about: their worker stopped mid-close. A paper close
 * and its record are one database transaction (bot/close-order.ts), so nothing was filled and the
 * row can be closed again. Run only by the active engine when it starts, so no worker that could
 * still finish those closes is running; even one that was cut off and still runs cannot record:
 * its record needs its own claim. Live rows stay claimed: their order may exist (bot/worker.ts).
 */
export async function releaseInterruptedClaims(db: Db): Promise<number> {
  const t = transactions;
  const rows = await db.update(t).set({ closingSince: null })
    .where(and(
      isNotNull(t.closingSince),
      eq(t.adapter, "paper"),
      inArray(t.status, ["BUY", "SELL"]),
      or(isNull(t.closeErrorAt), lt(t.closeErrorAt, sql`${t.closingSince}`)),
    ))
    .returning({ id: t.id });
  return rows.length;
}
