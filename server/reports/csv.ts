// CSV files streamed page by page: the database is read one keyset page at a time, each page
// becomes one chunk, and the next page is read only when the client has taken the last one.
// csv-stringify does the quoting. Formula defusing: text cells that a spreadsheet would run
// (=, +, -, @, tab, CR and their full-width forms) get a leading apostrophe. Number cells come
// from NUMERIC columns as plain decimals (PostgreSQL never prints an exponent), so they are
// written as they are and a negative profit stays a number.
import { stringify } from "csv-stringify/sync";

export interface CsvColumn<Row> {
  header: string;
  kind: "text" | "number";
  value(row: Row): Cell;
}

type Cell = string | number | null;

export const textColumn = <Row>(header: string, key: keyof Row): CsvColumn<Row> => ({
  header,
  kind: "text",
  value: (r) => r[key] as Cell,
});

export const numberColumn = <Row>(header: string, key: keyof Row): CsvColumn<Row> => ({
  header,
  kind: "number",
  value: (r) => r[key] as Cell,
});

export interface Page<Row, Cursor> {
  rows: Row[];
  /** Where the next page starts; null when this was the last one. */
  next: Cursor | null;
}

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export const defuse = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

function cell(kind: CsvColumn<unknown>["kind"], value: Cell): string {
  if (value === null) return "";
  if (kind === "number") return String(value);
  return defuse(String(value));
}

// CRLF records as RFC 4180 says; a line break inside a cell is quoted (csv-stringify turns that
// off by default once a record delimiter is given).
const OPTIONS = {
  record_delimiter: "windows",
  quote_record_delimiter: true,
  escape_formulas: false,
} as const;

export function csvRows<Row>(columns: CsvColumn<Row>[], rows: Row[]): string {
  return stringify(rows.map((r) => columns.map((c) => cell(c.kind, c.value(r)))), OPTIONS);
}

export const csvHeader = (columns: CsvColumn<never>[]) =>
  stringify([columns.map((c) => defuse(c.header))], OPTIONS);

/**
 * Reads the first page before returning, so a failure there (a bad pattern, a timeout) still
 * becomes an error response; each later page is read when the client pulls for more.
 */
export async function csvStream<Row, Cursor>(
  columns: CsvColumn<Row>[],
  fetchPage: (cursor: Cursor | null) => Promise<Page<Row, Cursor>>,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  let first: Page<Row, Cursor> | null = await fetchPage(null);
  let cursor: Cursor | null = null;
  // The BOM lets spreadsheets read the file as UTF-8.
  let prefix = "\uFEFF" + csvHeader(columns as CsvColumn<never>[]);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        let text = prefix;
        prefix = "";
        let done = false;
        // Pages may be empty (a page of users without transactions): skip to one with rows.
        do {
          const page: Page<Row, Cursor> = first ?? await fetchPage(cursor);
          first = null;
          text += csvRows(columns, page.rows);
          cursor = page.next;
          done = cursor === null;
        } while (text === "" && !done);
        if (text) controller.enqueue(encoder.encode(text));
        if (done) controller.close();
      } catch (err) {
        // Headers are gone: all that is left is to cut the download short and log why.
        console.error("CSV report failed mid-stream:", err);
        controller.error(err);
      }
    },
  }, { highWaterMark: 0 });
}
