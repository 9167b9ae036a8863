// The answer to POST /transaction rebuilt from the rows its Idempotency-Key left, for a retry whose
// first try committed but never stored its answer (the database or the process died in between).
import { and, asc, eq } from "drizzle-orm";
import { transactions, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { toTransactionView } from "./view.ts";

export async function createdAnswer(deps: Pick<Deps, "db">, userId: number, key: string) {
  const t = transactions;
  const rows = await deps.db.select().from(t)
    .where(and(eq(t.userId, userId), eq(t.idempotencyKey, key))).orderBy(asc(t.id));
  if (!rows.length) return undefined;
  const [owner] = await deps.db.select({ username: users.username }).from(users)
    .where(eq(users.id, userId));
  const views = rows.map((row) => toTransactionView(row, owner?.username ?? ""));
  return {
    status: 201,
    body: JSON.stringify({
      isFluctuating: false,
      marketPrice: rows[0].marketPrice,
      lastMarketPrice: rows[0].marketPrice,
      tradingAmount: rows[0].tradingAmount,
      transaction: views[0],
      extraTransactions: views.slice(1),
      extraErrors: [],
      extraErrorMessages: [],
    }),
  };
}
