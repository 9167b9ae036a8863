// GET /transaction: BUY, SELL and ALL groups, each a page of items and its total.
// BUY and SELL are those statuses; ALL is every status, or the `status` filter when one is given.
// Items are newest first (created_at, id).
//
// Every status is read on its own (list-reads.ts): its total and its newest offset+limit rows.
// ALL is those rows merged and those totals summed, so the BUY and SELL rows are read once for two
// groups. An ALL read straight from an index without the status had to step over every newer row
// of the other statuses, and its total had to count them again.
//
// PostgreSQL writes each row as the JSON the API sends (viewJsonSql, an open row valued at the
// feeds' `prices`) and the answer is assembled
// as text: parsing thirty rows of thirty columns and writing them out again was most of a list
// request's CPU time.
//
// Totals are exact up to COUNT_CAP (500 pages of 10) and reported as COUNT_CAP with
// totalCapped: true beyond it: counting every one of a million matching rows would cost far more
// than the page itself, and nobody pages that far; narrower filters give exact totals again.
import type { SessionUser } from "../auth/sessions.ts";
import type { Database } from "../db/client.ts";
import { filterScope } from "./filters.ts";
import {
  COUNT_CAP,
  type GroupName,
  GROUPS,
  type Newest,
  readStatuses,
  statusesOf,
  viewsById,
} from "./list-reads.ts";
import type { ListQuery } from "./schema.ts";
import type { LivePrices } from "./pnl.shared.ts";
import type { TransactionView } from "./view.ts";

export interface Group {
  items: TransactionView[];
  totalItems: number;
  /** True when there are more than totalItems (= COUNT_CAP) matching transactions. */
  totalCapped: boolean;
}

/** The answer's shape (the JSON text listTransactionsJson writes). */
export interface TransactionList {
  BUY: Group;
  SELL: Group;
  ALL: Group;
}

/** List order: newest first, then the higher id. */
const newestFirst = (a: Newest, b: Newest) => b.at - a.at || b.id - a.id;

/** The answer to GET /transaction as JSON text, shaped as TransactionList. */
export async function listTransactionsJson(
  database: Pick<Database, "db" | "sql">,
  user: SessionUser,
  query: ListQuery,
  prices: LivePrices,
): Promise<string> {
  const scope = await filterScope(database.db, user, query);
  if (!scope) return answer({ BUY: "[]", SELL: "[]", ALL: "[]" }, { BUY: 0, SELL: 0, ALL: 0 });
  const byStatus = await readStatuses(database, scope, query, prices);

  const total = (group: GroupName) =>
    statusesOf(query, group).reduce((sum, status) => sum + byStatus.get(status)!.total, 0);
  const from = (query.page - 1) * query.limit;
  const pageOf = (group: GroupName) => {
    const statuses = statusesOf(query, group);
    if (statuses.length === 1) {
      return byStatus.get(statuses[0])!.newest.slice(from, from + query.limit);
    }
    // Each status is read in its own snapshot: a row whose status changed in between can be in
    // two of them, and is shown once.
    const seen = new Set<number>();
    return statuses.flatMap((status) => byStatus.get(status)!.newest).sort(newestFirst)
      .filter((row) => !seen.has(row.id) && seen.add(row.id)).slice(from, from + query.limit);
  };
  const pages = { BUY: pageOf("BUY"), SELL: pageOf("SELL"), ALL: pageOf("ALL") };
  // A row of a later ALL page may stand before its own status's page: its JSON is read now.
  const views = await viewsById(
    database,
    pages.ALL.filter((row) => row.view === null).map((row) => row.id),
    prices,
  );
  const json = (rows: Newest[]) =>
    `[${rows.map((row) => row.view ?? views.get(row.id)).join(",")}]`;
  return answer(
    { BUY: json(pages.BUY), SELL: json(pages.SELL), ALL: json(pages.ALL) },
    { BUY: total("BUY"), SELL: total("SELL"), ALL: total("ALL") },
  );
}

function answer(pages: Record<GroupName, string>, totals: Record<GroupName, number>) {
  const group = (name: GroupName) => {
    const total = totals[name];
    return `"${name}":{"items":${pages[name]},"totalItems":${Math.min(total, COUNT_CAP)},` +
      `"totalCapped":${total > COUNT_CAP}}`;
  };
  return `{${GROUPS.map(group).join(",")}}`;
}
