// Writes transaction rows. An id reserved before the order (so the order's clientOrderId names its
// row) is inserted as given; a call outcome, and a paper fill, are written by the same statement,
// which also reads the new row's live call lines: an order is one round trip.
import { getTableColumns, SQL, sql } from "drizzle-orm";
import type { Database, Db } from "../db/client.ts";
import type { FillSql, OrderResult } from "../exchanges/adapter.ts";
import { transactions } from "../db/schema.ts";
import { executeRows, textRows } from "../db/raw-rows.ts";
import { type LiveLine, liveLinesSql, readLiveLines } from "./live-call-lines.ts";
import { transactionShape } from "./row-sql.ts";
import { type ClearGuard, NOT_CLEAR } from "../trading-halts/guard.ts";
import { outsideRequest } from "../core/request-scope.ts";
import type { TransactionRow } from "./view.ts";

export type NewTransaction = Omit<typeof transactions.$inferInsert, "id">;

const ID_BLOCK = 100;

/** A database's reserved ids, in order, and the block being fetched to follow them. */
interface IdBlock {
  ids: number[];
  next?: Promise<void>;
}
const idBlocks = new WeakMap<Db, IdBlock>();

/**
 * The next transaction id, taken before an order is placed so the order's clientOrderId names its
 * row. Ids come from the table's sequence in blocks of ID_BLOCK per process (one round trip per
 * block, not per order); an unused id just leaves a gap.
 *
 * The next block is fetched while half of the current one is left (25 ms of orders at 2,000 a
 * second). When an order found the block empty, the orders behind it waited for the round trip: the
 * largest wait before their statement of the slowest hundredth of orders (issue 31); a quarter of a
 * block of 50 ran out before its successor came. The fetch is no request's own: an abandoned one
 * does not cancel it for the others.
 */
export async function reserveTransactionId(db: Db): Promise<number> {
  let block = idBlocks.get(db);
  if (!block) idBlocks.set(db, block = { ids: [] });
  for (;;) {
    if (!block.next && block.ids.length <= ID_BLOCK / 2) block.next = fetchIds(db, block);
    const id = block.ids.shift();
    if (id !== undefined) return id;
    // A failed fetch fails the orders that waited for it; the next order asks again.
    await block.next;
  }
}

function fetchIds(db: Db, block: IdBlock) {
  const next: Promise<void> = outsideRequest(() =>
    executeRows<{ id: string }>(
      db,
      sql`select nextval(pg_get_serial_sequence('transactions', 'id')) as id
        from generate_series(1, ${ID_BLOCK})`,
    )
  ).then(
    // A later block's ids are all greater: ids still follow time within a process.
    (rows) => void block.ids.push(...rows.map((r) => Number(r.id)).sort((a, b) => a - b)),
  ).finally(() => {
    if (block.next === next) block.next = undefined;
  });
  // Fetched ahead, it may fail with no order waiting: not an unhandled rejection.
  next.catch(() => {});
  return next;
}

export { closeOrderId, openOrderId } from "./order-ids.shared.ts";

/** What a row records of its opening order's fill, as the exchange reported it. */
export function openingFill(
  result: OrderResult,
  row: Pick<NewTransaction, "status" | "createdAt">,
): Partial<NewTransaction> {
  return {
    orderId: result.orderId,
    filledQuantity: result.filledQuantity,
    avgPrice: result.filledPrice ?? null,
    fee: result.fee ?? null,
    feeAsset: result.feeAsset ?? null,
    // A market order fills when it is sent: the row's time, also when the resolver found it later.
    openedAt: row.createdAt,
    // A DONE transaction (only_buy, only_sell) is complete with its opening fill.
    ...row.status === "DONE"
      ? { filledPrice: result.filledPrice ?? null, filledAt: row.createdAt }
      : {},
  };
}

export interface Outcome {
  callId: string;
  outcome: "bought" | "done";
}

/**
 * What a row holds when the caller leaves a column out: the schema's constant defaults (any other
 * column left out is null). The statement names every column, so PostgreSQL's own defaults never
 * apply; the clock defaults (created_at, updated_at) are set on each insert.
 */
const DEFAULTS: Record<string, unknown> = Object.fromEntries(
  Object.entries(getTableColumns(transactions)).flatMap(([key, column]): [string, unknown][] =>
    column.hasDefault && !(column.default instanceof SQL) ? [[key, column.default]] : []
  ),
);

/**
 * Per row written with callLinesWithin: its live call lines (server/transactions/live-call-lines.ts),
 * read by its own statement (issue 31: the board's lookup after the order was a round trip of its
 * own), usually none.
 */
const linesOfRow = new WeakMap<TransactionRow, LiveLine[]>();

/** The live call lines the statement writing `row` read, if it was asked to. */
export const callLinesOf = (row: TransactionRow): LiveLine[] | undefined => linesOfRow.get(row);

/**
 * Statement texts by shape (fill text, outcome or not, guarded or not, with lines or not): each is
 * prepared once per connection.
 */
const statements = new Map<string, string>();

function insertStatement(
  fillCte: string | undefined,
  fillParams: number,
  outcome: boolean,
  guard: ClearGuard | undefined,
  lines: boolean,
) {
  const key = `${fillCte ?? ""}|${outcome}|${!!guard}|${lines}`;
  let text = statements.get(key);
  if (text) return text;
  let n = fillParams;
  const values = transactionShape.columns.map((c) => `$${++n}::${c.type}`).join(", ");
  // A fill comes unguarded (GuardedInsertOptions); a row alone is guarded here.
  const source = fillCte ? " from fill" : guard ? ` where exists (select 1 from "guard")` : "";
  const ctes = [
    ...(fillCte ? [fillCte] : []),
    `ins as (insert into "transactions" (${
      transactionShape.columns.map((c) => `"${c.name}"`).join(", ")
    })
      overriding system value select ${values}${source}
      returning ${transactionShape.select})`,
    ...(outcome
      ? [`outcome as (insert into "call_outcomes" ("call_id", "user_id", "outcome",
          "transaction_id", "at") select $${++n}, "userId", $${++n}, "id", "createdAt" from ins
          on conflict do nothing)`]
      : []),
  ];
  const read = lines
    ? `, ${liveLinesSql(`ins."userId"`, `ins."createdAt"`, `$${++n}::timestamptz`)} as "callLines"`
    : "";
  // The guard comes first: the CTEs after it read it.
  if (guard) ctes.unshift(guard.cte(n + 1));
  text = guard
    ? `with ${ctes.join(", ")} select (select count(*) from "guard")::int as "clear", ins.*${read}
      from (select 1) one left join ins on true`
    : `with ${ctes.join(", ")} select ins.*${read} from ins`;
  statements.set(key, text);
  return text;
}

/**
 * Every column's value for the insert, in transactionShape.columns' order: the defaults where
 * `values` leaves one out, and dates as ISO text (the drivers then send every parameter the same
 * way).
 */
export function columnValues(values: NewTransaction, id: number): unknown[] {
  const now = new Date().toISOString();
  const given = values as Record<string, unknown>;
  const out = new Array<unknown>(COLUMNS.length);
  for (let i = 0; i < COLUMNS.length; i++) {
    const column = COLUMNS[i];
    let v = column.key === "id" ? id : given[column.key];
    if (v === undefined) v = column.fallback === CLOCK ? now : column.fallback;
    else if (v instanceof Date) v = v.toISOString();
    out[i] = v;
  }
  return out;
}

/** Where columnValues puts the row's time. */
export const CREATED_AT = transactionShape.columns.findIndex((c) => c.key === "createdAt");

/** Set on each insert when not given (the schema's defaultNow). */
const CLOCK = Symbol("the insert's time");

/** What a column holds when not given: its default, the insert's time, or null. */
function fallbackOf(key: string) {
  if (key in DEFAULTS) return DEFAULTS[key];
  return key === "createdAt" || key === "updatedAt" ? CLOCK : null;
}

const COLUMNS = transactionShape.columns.map((c) => ({ ...c, fallback: fallbackOf(c.key) }));

/** A row written, with the call lines its statement read (liveLinesSql's value), if it did. */
export function writtenRow(row: TransactionRow, callLines?: unknown): TransactionRow {
  if (callLines !== undefined) linesOfRow.set(row, readLiveLines(callLines));
  return row;
}

interface InsertOptions {
  /** A reserved id; the next one otherwise. */
  id?: number;
  /** The call outcome written with the row. */
  outcome?: Outcome;
  /** CALL_EXPIRY_MS: the statement reads the row's live call lines too (callLinesOf). */
  callLinesWithin?: number;
}

/**
 * A fill or a guard, not both: the fill here is unguarded (a guarded fill is fill-batches.ts's
 * statement), so a caller cannot ask for both and get a fill nothing guarded.
 */
type GuardedInsertOptions =
  & InsertOptions
  & (
    /** Written with the paper fill: null (and nothing written) when the fill was refused. */
    | { fill: FillSql; clear?: never }
    /**
     * Written only when no halt or limit applies (trading-halts/guard.ts openIfClear): NOT_CLEAR
     * (and nothing written) when one did.
     */
    | { clear?: ClearGuard; fill?: never }
  );

/** Inserts a row in one statement, with its call outcome when given. */
export function insertTransaction(
  database: Pick<Database, "db" | "sql">,
  values: NewTransaction,
  opts?: InsertOptions & { fill?: never; clear?: never },
): Promise<TransactionRow>;
/** With a fill or a guard: what became of it (see GuardedInsertOptions). */
export function insertTransaction(
  database: Pick<Database, "db" | "sql">,
  values: NewTransaction,
  opts: GuardedInsertOptions,
): Promise<TransactionRow | null | typeof NOT_CLEAR>;
export async function insertTransaction(
  database: Pick<Database, "db" | "sql">,
  values: NewTransaction,
  opts: InsertOptions & { fill?: FillSql; clear?: ClearGuard } = {},
): Promise<TransactionRow | null | typeof NOT_CLEAR> {
  const columns = columnValues(values, opts.id ?? await reserveTransactionId(database.db));
  const createdAt = Date.parse(columns[CREATED_AT] as string);
  const { fill, outcome, clear, callLinesWithin } = opts;
  const params = [
    ...fill?.params ?? [],
    ...columns,
    ...outcome ? [outcome.callId, outcome.outcome] : [],
    ...callLinesWithin === undefined ? [] : [new Date(createdAt - callLinesWithin).toISOString()],
    ...clear?.params ?? [],
  ];
  const text = insertStatement(
    fill?.cte,
    fill?.params.length ?? 0,
    !!outcome,
    clear,
    callLinesWithin !== undefined,
  );
  const [created] = await textRows<Record<string, unknown>>(database, text, params);
  if (clear && !created.clear) return NOT_CLEAR;
  if (!created || created.id == null) return null;
  return writtenRow(
    transactionShape.read(created),
    callLinesWithin === undefined ? undefined : created.callLines,
  );
}
