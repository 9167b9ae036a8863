// Writes transaction rows. An id reserved before the order (so the order's clientOrderId names its
// row) is inserted as given; a call outcome is written in the same database transaction.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { callOutcomes, transactions } from "../db/schema.ts";
import type { TransactionRow } from "./view.ts";

export type NewTransaction = Omit<typeof transactions.$inferInsert, "id">;

const ID_BLOCK = 50;
const idBlocks = new WeakMap<Db, Promise<number[]>>();

/**
 * The next transaction id, taken before an order is placed so the order's clientOrderId names its
 * row. Ids come from the table's sequence in blocks of ID_BLOCK per process (one round trip per
 * block, not per order); an unused id just leaves a gap.
 */
export async function reserveTransactionId(db: Db): Promise<number> {
  for (;;) {
    let block = idBlocks.get(db);
    if (!block) {
      block = db.execute(
        sql`select nextval(pg_get_serial_sequence('transactions', 'id')) as id
          from generate_series(1, ${ID_BLOCK})`,
      ).then((result) =>
        rowsOf<{ id: string }>(result).map((r) => Number(r.id)).sort((a, b) => a - b)
      );
      idBlocks.set(db, block);
      block.catch(() => idBlocks.delete(db));
    }
    const ids = await block;
    const id = ids.shift();
    if (id !== undefined) return id;
    if (idBlocks.get(db) === block) idBlocks.delete(db);
  }
}

/** The exchange's client order id of a transaction's opening and closing orders. */
export const openOrderId = (id: number) => `tx${id}`;
export const closeOrderId = (id: number) => `tx${id}c`;

export interface Outcome {
  callId: string;
  outcome: "bought" | "done";
}

export async function insertTransaction(
  db: Db,
  values: NewTransaction,
  opts: { id?: number; outcome?: Outcome } = {},
): Promise<TransactionRow> {
  const insert = (conn: Db) =>
    opts.id === undefined
      ? conn.insert(transactions).values(values).returning()
      : conn.insert(transactions).overridingSystemValue().values({ ...values, id: opts.id })
        .returning().prepare("transaction_insert").execute();
  const outcome = opts.outcome;
  if (!outcome) return (await insert(db))[0];
  return await db.transaction(async (tx) => {
    const [row] = await insert(tx as unknown as Db);
    await tx.insert(callOutcomes).values({
      callId: outcome.callId,
      userId: row.userId,
      outcome: outcome.outcome,
      transactionId: row.id,
      at: row.createdAt,
    }).onConflictDoNothing();
    return row;
  });
}

/** postgres.js answers an array of rows, PGlite an object with `rows`. */
// deno-lint-ignore no-explicit-any
export const rowsOf = <T>(result: any): T[] => Array.isArray(result) ? result : result.rows;
