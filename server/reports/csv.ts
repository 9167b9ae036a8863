// CSV cells and records. Quoting follows RFC 4180 as csv-stringify writes it: a text cell holding
// a comma, a quote, CR or LF is handed to csv-stringify to quote; any other cell needs no quotes
// and is written as it is (csv-stringify's per-cell cost, about 1.5 us, would cap a report far
// below the 200,000 rows/s it has to stream; tests/unit/csv-format.test.ts checks the output is
// csv-stringify's own).
// Formula injection: text cells that a spreadsheet would run (=, +, -, @, tab, CR and their
// full-width forms) get a leading apostrophe. Number cells come from NUMERIC columns, printed by
// PostgreSQL as plain decimals (never an exponent), so they are written as numbers and a
// negative profit stays a number. "Plain" cells are numbers and enum values that PostgreSQL has
// already joined with commas and trimmed (the hot transaction report, where this process is the
// busier of the two): nothing in them needs quoting, and they are written as they come.
import { stringify } from "csv-stringify/sync";
import { findPair } from "../exchanges/pairs.shared.ts";

export type Cell = string | number | null;

export interface CsvColumn<Row> {
  /** One header, or several for a plain column that carries several joined cells. */
  headers: string[];
  kind: "text" | "number" | "plain";
  value(row: Row): Cell;
}

export const textColumn = <Row>(header: string, key: keyof Row): CsvColumn<Row> => ({
  headers: [header],
  kind: "text",
  value: (r) => r[key] as Cell,
});

/** A pair code written as the screens write it: "btc_usdt" as "BTC/USDT". */
export const pairColumn = <Row>(header: string, key: keyof Row): CsvColumn<Row> => ({
  headers: [header],
  kind: "text",
  value: (r) => {
    const code = r[key] as string | null;
    return code === null ? null : findPair(code)?.label ?? code;
  },
});

export const numberColumn = <Row>(header: string, key: keyof Row): CsvColumn<Row> => ({
  headers: [header],
  kind: "number",
  value: (r) => r[key] as Cell,
});

/** Number and enum cells the query joined with commas (numbers trimmed), written as they come. */
export const plainColumns = <Row>(headers: string[], key: keyof Row): CsvColumn<Row> => ({
  headers,
  kind: "plain",
  value: (r) => r[key] as Cell,
});

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export const defuse = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** CRLF records as RFC 4180 says; a line break inside a cell is quoted. */
export const CSV_OPTIONS = {
  record_delimiter: "windows",
  quote_record_delimiter: true,
  escape_formulas: false,
} as const;

const NEEDS_QUOTES = /[",\r\n]/;

const quoted = (text: string) => stringify([[text]], CSV_OPTIONS).slice(0, -2);

/** Drops the trailing zeros NUMERIC(38, 8) prints: "100.50000000" as "100.5", "100.00000000" as "100". */
export function trimDecimals(text: string): string {
  if (text.indexOf(".") < 0) return text;
  let keep = text.length;
  while (text.charCodeAt(keep - 1) === 48) keep--;
  if (text.charCodeAt(keep - 1) === 46) keep--; // nothing left after the point: it goes too
  return text.slice(0, keep);
}

function cell(kind: CsvColumn<unknown>["kind"], value: Cell): string {
  if (value === null) return "";
  if (kind === "plain") return value as string;
  if (kind === "number") return typeof value === "string" ? trimDecimals(value) : String(value);
  const text = defuse(String(value));
  return NEEDS_QUOTES.test(text) ? quoted(text) : text;
}

/** One record, without its CRLF. */
export function csvLine<Row>(columns: CsvColumn<Row>[], row: Row): string {
  let line = cell(columns[0].kind, columns[0].value(row));
  for (let i = 1; i < columns.length; i++) {
    line += "," + cell(columns[i].kind, columns[i].value(row));
  }
  return line;
}

export const csvHeader = (columns: CsvColumn<never>[]) =>
  stringify([columns.flatMap((c) => c.headers.map(defuse))], CSV_OPTIONS);
