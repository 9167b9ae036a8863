// Orders filled in our own database (paper) and opened at the same moment share one statement and
// one commit (issue 31): a statement's fixed cost (starting the executor, plan locks, the commit
// and its WAL flush, a round trip and the driver's work on both ends) was about half of an
// order's database CPU, and a write to the database socket a tenth of the server's.
//
// Up to IN_FLIGHT statements run at once; an order arriving while they do waits for the next, and
// the next takes every order waiting (up to MAX_BATCH), so a quiet desk sends each order at once
// and a busy one sends them together. While one statement runs, a second starts only once
// SECOND_AT orders wait: started for the one or two that came meanwhile, it paid a statement's
// fixed cost for them while the first carried all the rest (at 50 connections, 6 statements in 10
// carried one order; waiting for 16 measured 12-20% more orders a second and 13% less PostgreSQL
// CPU an order, interleaved). An account's orders share a statement as long as none of them pays
// an asset another receives (a balance row is written once a statement): its orders paying one
// asset are debited together, so one account's orders no longer go a statement and a commit each
// (the issue's own measure: 50 connections on one account). Those whose running total the
// balance holds fill (paper.ts); the others are sent again one at a time, in their order, the
// account's later orders waiting meanwhile, so each is refused only as it would have been in its
// turn. A statement that fails is run again one order at a time, so one order's fault is its own.
import type { Database } from "../db/client.ts";
import { textRows } from "../db/raw-rows.ts";
import { abandoned, outsideRequest, requestSignal } from "../core/request-scope.ts";
import { type DatabaseOrders, FILL_COLUMNS, type FillRow } from "../exchanges/adapter.ts";
import { clearSql, NOT_CLEAR } from "../trading-halts/guard.ts";
import { liveLinesSql } from "./live-call-lines.ts";
import { transactionShape } from "./row-sql.ts";
import {
  columnValues,
  CREATED_AT,
  type NewTransaction,
  type Outcome,
  writtenRow,
} from "./record.ts";
import { jsonValue } from "../db/json-text.ts";
import type { TransactionRow } from "./view.ts";

const IN_FLIGHT = 2;
const MAX_BATCH = 64;
const SECOND_AT = 16;

export interface FilledOrder {
  values: NewTransaction;
  id: number;
  fill: FillRow;
  outcome?: Outcome;
  /** CALL_EXPIRY_MS: the row's live call lines are read with it (record.ts callLinesOf). */
  callLinesWithin: number;
}

/** The row; null when the fill was refused; NOT_CLEAR when a halt or limit applies. */
export type FilledResult = TransactionRow | null | typeof NOT_CLEAR;

interface Waiting {
  order: FilledOrder;
  signal?: AbortSignal;
  resolve(result: FilledResult): void;
  reject(err: unknown): void;
}

interface Queue {
  waiting: Waiting[];
  running: number;
  /** Accounts whose orders are being sent again alone: their later orders wait until they are. */
  retrying: Map<string, number>;
}

const queues = new WeakMap<Pick<Database, "db" | "sql">, Map<DatabaseOrders["fillMany"], Queue>>();

/**
 * Inserts the order's row with its fill, under the halts and limits guard (trading-halts/guard.ts
 * clearSql, on the row's user and exchange), in a statement it may share with other orders.
 */
export function insertFilled(
  database: Pick<Database, "db" | "sql">,
  orders: DatabaseOrders,
  order: FilledOrder,
): Promise<FilledResult> {
  let byAdapter = queues.get(database);
  if (!byAdapter) queues.set(database, byAdapter = new Map());
  let queue = byAdapter.get(orders.fillMany);
  if (!queue) {
    byAdapter.set(orders.fillMany, queue = { waiting: [], running: 0, retrying: new Map() });
  }
  const q = queue;
  return new Promise((resolve, reject) => {
    q.waiting.push({ order, signal: requestSignal(), resolve, reject });
    // Not the request's to cancel: the statement carries other requests' orders too.
    outsideRequest(() => pump(database, orders, q));
  });
}

function pump(database: Pick<Database, "db" | "sql">, orders: DatabaseOrders, q: Queue) {
  while (q.running < IN_FLIGHT && q.waiting.length >= (q.running ? SECOND_AT : 1)) {
    const batch = take(q);
    if (!batch.length) continue;
    q.running++;
    run(database, orders, q, batch).finally(() => {
      q.running--;
      pump(database, orders, q);
    });
  }
}

/** An account's assets in a statement: what its orders pay and what they receive. */
interface Assets {
  paid: Set<string>;
  received: Set<string>;
}

/**
 * The next statement's orders, those still wanted, in their order: an account's order joins
 * unless it receives an asset one before it pays or pays one it receives; from then on the
 * account's later orders wait too, as do those of an account whose orders are being sent again
 * alone, so an account's orders are filled in the order they came.
 */
function take(q: Queue): Waiting[] {
  const batch: Waiting[] = [];
  const accounts = new Map<string, Assets>();
  const held = new Set(q.retrying.keys());
  const rest: Waiting[] = [];
  for (const w of q.waiting) {
    const { fill_account: account, fill_paid_asset: pays, fill_received_asset: gets } =
      w.order.fill;
    const assets = accounts.get(account);
    if (w.signal?.aborted) {
      w.reject(abandoned());
    } else if (
      batch.length < MAX_BATCH && !held.has(account) &&
      !(assets?.received.has(pays) || assets?.paid.has(gets))
    ) {
      if (assets) {
        assets.paid.add(pays);
        assets.received.add(gets);
      } else accounts.set(account, { paid: new Set([pays]), received: new Set([gets]) });
      batch.push(w);
    } else {
      held.add(account);
      rest.push(w);
    }
  }
  q.waiting = rest;
  return batch;
}

async function run(
  database: Pick<Database, "db" | "sql">,
  orders: DatabaseOrders,
  q: Queue,
  batch: Waiting[],
) {
  let results: (FilledResult | typeof ALONE)[];
  try {
    results = await insertMany(database, orders, batch);
  } catch (err) {
    if (batch.length === 1) return batch[0].reject(err);
    for (const w of batch) await run(database, orders, q, [w]);
    return;
  }
  const again: Waiting[] = [];
  batch.forEach((w, i) => results[i] === ALONE ? again.push(w) : w.resolve(results[i]));
  const accounts = again.map((w) => w.order.fill.fill_account);
  for (const a of accounts) q.retrying.set(a, (q.retrying.get(a) ?? 0) + 1);
  for (const w of again) await run(database, orders, q, [w]);
  for (const a of accounts) {
    const left = q.retrying.get(a)! - 1;
    if (left) q.retrying.set(a, left);
    else q.retrying.delete(a);
  }
}

/** The input relation's columns: the row's, its fill's, its outcome and when its lines start. */
const INPUT = [
  `"idx" integer`,
  ...transactionShape.columns.map((c) => `"${c.name}" ${c.type}`),
  ...Object.entries(FILL_COLUMNS).map(([c, type]) => `"${c}" ${type}`),
  `"outcome_call_id" text`,
  `"outcome" text`,
  `"lines_since" timestamptz`,
].join(", ");

const statements = new Map<DatabaseOrders["fillMany"], string>();

/** The statement that writes a batch: its orders are $1, a JSON array of INPUT's columns. */
export function batchStatement(fillMany: DatabaseOrders["fillMany"]) {
  let text = statements.get(fillMany);
  if (text) return text;
  const columns = transactionShape.columns.map((c) => `"${c.name}"`).join(", ");
  text = `with "input" as (select * from json_to_recordset($1::json) as x(${INPUT})),
    "guard" as (select i."idx" from "input" i
      where ${clearSql(`i."exchange"::text`, `i."user_id"`)}),
    ${fillMany(`"input"`, `f."idx" in (select "idx" from "guard")`)},
    "ins" as (insert into "transactions" (${columns}) overriding system value
      select ${transactionShape.columns.map((c) => `i."${c.name}"`).join(", ")}
      from "input" i join "fill" on "fill"."idx" = i."idx"
      returning "id", "user_id" as "userId", "created_at" as "createdAt"),
    "outcome" as (insert into "call_outcomes" ("call_id", "user_id", "outcome", "transaction_id",
        "at")
      select i."outcome_call_id", ins."userId", i."outcome", ins."id", ins."createdAt"
      from "ins" join "input" i on i."id" = ins."id" where i."outcome_call_id" is not null
      on conflict do nothing)
    select i."idx", i."idx" in (select "idx" from "guard") as "clear",
      ins."id" is not null as "written",
      ${liveLinesSql(`ins."userId"`, `ins."createdAt"`, `i."lines_since"`)} as "callLines"
    from "input" i left join "ins" on ins."id" = i."id"`;
  statements.set(fillMany, text);
  return text;
}

/** Each input key as the JSON text before its value. */
const FILL_KEYS = (Object.keys(FILL_COLUMNS) as (keyof typeof FILL_COLUMNS)[]).map((name) =>
  [name, `,"${name}":`] as const
);
const COLUMN_KEYS = transactionShape.columns.map((c) => `,"${c.name}":`);

/** An order whose debit, shared with others of its account, did not fit: to be tried alone. */
const ALONE = Symbol("alone");

async function insertMany(
  database: Pick<Database, "db" | "sql">,
  orders: DatabaseOrders,
  batch: Waiting[],
): Promise<(FilledResult | typeof ALONE)[]> {
  const sent: unknown[][] = [];
  // The JSON written as the columns are read: building an object per order for JSON.stringify
  // to read again took half as long again. Sampled at 50 connections, this took 26-37 us an order
  // with JSON.stringify per value and a row object built key by key; 9-11 us in a loop now,
  // against 19-21.
  const input = batch.map(({ order }, idx) => {
    let json = `{"idx":${idx}`;
    for (const [name, prefix] of FILL_KEYS) json += prefix + jsonValue(order.fill[name]);
    if (order.outcome) {
      json += `,"outcome_call_id":${jsonValue(order.outcome.callId)},"outcome":${
        jsonValue(order.outcome.outcome)
      }`;
    }
    const values = columnValues(order.values, order.id);
    for (let i = 0; i < values.length; i++) {
      // Nulls left out: a missing key is null to json_to_recordset.
      if (values[i] !== null) json += COLUMN_KEYS[i] + jsonValue(values[i]);
    }
    sent.push(values);
    const since = Date.parse(values[CREATED_AT] as string) - order.callLinesWithin;
    return `${json},"lines_since":"${new Date(since).toISOString()}"}`;
  });
  const rows = await textRows<Record<string, unknown>>(
    database,
    batchStatement(orders.fillMany),
    [`[${input.join(",")}]`],
  );
  const byIdx = new Map(rows.map((r) => [r.idx as number, r]));
  // How many orders tried each debit (an account paying an asset): one that did not fit with
  // others is tried again alone.
  const debits = batch.map(({ order }) =>
    `${order.fill.fill_account}\n${order.fill.fill_paid_asset}`
  );
  const tried = new Map<string, number>();
  debits.forEach((debit, idx) => {
    if (byIdx.get(idx)!.clear) tried.set(debit, (tried.get(debit) ?? 0) + 1);
  });
  // The rows are what was sent (no trigger before an insert changes one): reading their 45 columns
  // back cost more of the server's work than building them here.
  return batch.map((_, idx) => {
    const result = byIdx.get(idx)!;
    if (!result.clear) return NOT_CLEAR;
    if (!result.written) return tried.get(debits[idx])! > 1 ? ALONE : null;
    return writtenRow(transactionShape.stored(sent[idx]), result.callLines);
  });
}
