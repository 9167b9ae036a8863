// CSV files streamed page by page: the database is read one keyset page at a time and each page
// becomes one chunk. Rows are made into lines as they arrive, while PostgreSQL is still producing
// the rest of the page; once a page ends the next is asked for at once, so it is read and written
// out while the finished chunk goes to the client. At most two pages of bytes are ever held:
// memory does not grow with the number of rows (docs/configuration.md, the transaction report).
import type { Context } from "hono";
import { logError } from "../core/log-error.ts";
import { type CsvColumn, csvHeader, csvLine } from "./csv.ts";

/**
 * Hands each row of the page after `cursor` (the first page for null) to `onRow`; answers where
 * the next page starts, or null after the last.
 */
export type PageReader<Row, Cursor> = (
  cursor: Cursor | null,
  onRow: (row: Row) => void,
) => Promise<Cursor | null>;

export interface Page<Row, Cursor> {
  rows: Row[];
  /** Where the next page starts; null when this was the last one. */
  next: Cursor | null;
}

/** A reader for pages that come whole (sums, small tables). */
export const wholePages = <Row, Cursor>(
  fetchPage: (cursor: Cursor | null) => Promise<Page<Row, Cursor>>,
): PageReader<Row, Cursor> =>
async (cursor, onRow) => {
  const { rows, next } = await fetchPage(cursor);
  for (const row of rows) onRow(row);
  return next;
};

/** Lines are encoded in runs of about this many characters: one call per line cost more. */
const ENCODE_RUN = 16_384;

/**
 * Reads the first page before returning, so a failure there (a bad pattern, a timeout) still
 * becomes an error response.
 */
export async function csvStream<Row, Cursor>(
  columns: CsvColumn<Row>[],
  readPage: PageReader<Row, Cursor>,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  // A page's bytes, written as its rows arrive: outside V8's heap, so the collector never copies
  // them, and no row outlives its line.
  let bytes = new Uint8Array(64 * 1024);
  let used = 0;
  // The BOM lets spreadsheets read the file as UTF-8.
  let text = "\uFEFF" + csvHeader(columns as CsvColumn<never>[]);
  const encode = () => {
    let { read, written } = encoder.encodeInto(text, bytes.subarray(used));
    while (read < text.length) {
      const grown = new Uint8Array(bytes.length * 2);
      grown.set(bytes.subarray(0, used));
      bytes = grown;
      ({ read, written } = encoder.encodeInto(text, bytes.subarray(used)));
    }
    used += written;
    text = "";
  };
  const read = async (cursor: Cursor | null) => {
    const next = await readPage(cursor, (row) => {
      text += csvLine(columns, row) + "\r\n";
      if (text.length > ENCODE_RUN) encode();
    });
    encode();
    return next;
  };
  let pending: Promise<Cursor | null> | null = Promise.resolve(await read(null));
  const readAhead = (cursor: Cursor) => {
    const page = read(cursor);
    page.catch(() => {}); // awaited by the next pull; never an unhandled rejection meanwhile
    return page;
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        // Pages may be empty (a page of users without transactions): go on to one with rows.
        while (pending) {
          const next = await pending;
          const chunk = bytes.slice(0, used);
          used = 0;
          pending = next === null ? null : readAhead(next);
          if (chunk.length) {
            controller.enqueue(chunk);
            break;
          }
        }
        if (!pending) controller.close();
      } catch (err) {
        // Headers are gone: all that is left is to cut the download short and log why.
        logError("CSV report failed mid-stream", err);
        controller.error(err);
      }
    },
  }, { highWaterMark: 0 });
}

/** The answer carrying a CSV stream as a download named `filename`. */
export function csvFile(c: Context, stream: ReadableStream<Uint8Array>, filename: string) {
  return c.body(stream, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${filename}"`,
    "cache-control": "no-store",
  });
}
