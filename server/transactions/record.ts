// Writes transaction rows. An id reserved before the order (so the order's clientOrderId names its
// row) is inserted as given; a call outcome is written in the same database transaction.
import { getTableColumns, sql } from "drizzle-orm";
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

/** What a row holds when the caller leaves a column out (the schema's defaults). */
const DEFAULTS = {
  useBot: "none",
  spread: "0",
  tradingAmount: "0",
  isAutoSpread: false,
  isFull: false,
  isRandom: false,
  fraction: "0",
  assetId: null,
  hash: null,
  botKeyId: null,
  callId: null,
  orderId: null,
  closeOrderId: null,
  filledPrice: null,
  filledAt: null,
  closingSince: null,
  closeErrorAt: null,
} as const;

/**
 * One insert statement for every row, every column a placeholder: drizzle builds its SQL once per
 * database instead of once per order (building it was a large share of a create's CPU time).
 */
const prepared = new WeakMap<Db, ReturnType<typeof prepareInsert>>();

function prepareInsert(db: Db) {
  const columns = Object.keys(getTableColumns(transactions));
  // Raw placeholders: the driver serialises the values (drizzle's own encoders fail on a null date).
  const values = Object.fromEntries(columns.map((c) => [c, sql`${sql.placeholder(c)}`]));
  return db.insert(transactions).overridingSystemValue()
    .values(values as unknown as typeof transactions.$inferInsert).returning()
    .prepare("transaction_insert");
}

/** Inserts a row under a reserved id (or the next one), with its call outcome when given. */
export async function insertTransaction(
  db: Db,
  values: NewTransaction,
  opts: { id?: number; outcome?: Outcome } = {},
): Promise<TransactionRow> {
  const now = new Date();
  const row = {
    ...DEFAULTS,
    createdAt: now,
    updatedAt: now,
    ...values,
    id: opts.id ?? await reserveTransactionId(db),
  };
  const outcome = opts.outcome;
  if (!outcome) {
    let insert = prepared.get(db);
    if (!insert) prepared.set(db, insert = prepareInsert(db));
    // Dates as ISO text: drizzle leaves date serialisation to itself, and raw placeholders skip it.
    const params = Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
    );
    return (await insert.execute(params))[0];
  }
  return await db.transaction(async (tx) => {
    const [created] = await tx.insert(transactions).overridingSystemValue().values(row)
      .returning();
    await tx.insert(callOutcomes).values({
      callId: outcome.callId,
      userId: created.userId,
      outcome: outcome.outcome,
      transactionId: created.id,
      at: created.createdAt,
    }).onConflictDoNothing();
    return created;
  });
}

/** postgres.js answers an array of rows, PGlite an object with `rows`. */
// deno-lint-ignore no-explicit-any
export const rowsOf = <T>(result: any): T[] => Array.isArray(result) ? result : result.rows;
