// CSV files streamed page by page: the database is read one keyset page at a time and each page
// becomes one chunk. While a chunk goes out, the next page is already being read (the database
// and this process work at once), so at most two pages are ever held: memory does not grow with
// the number of rows.
import type { Context } from "hono";
import { logError } from "../core/log-error.ts";
import { type CsvColumn, csvHeader, csvRows } from "./csv.ts";

export interface Page<Row, Cursor> {
  rows: Row[];
  /** Where the next page starts; null when this was the last one. */
  next: Cursor | null;
}

/**
 * Reads the first page before returning, so a failure there (a bad pattern, a timeout) still
 * becomes an error response.
 */
export async function csvStream<Row, Cursor>(
  columns: CsvColumn<Row>[],
  fetchPage: (cursor: Cursor | null) => Promise<Page<Row, Cursor>>,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  let pending: Promise<Page<Row, Cursor>> | null = Promise.resolve(await fetchPage(null));
  // The BOM lets spreadsheets read the file as UTF-8.
  let text = "\uFEFF" + csvHeader(columns as CsvColumn<never>[]);
  const prefetch = (cursor: Cursor) => {
    const page = fetchPage(cursor);
    page.catch(() => {}); // awaited by the next pull; never an unhandled rejection meanwhile
    return page;
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        // Pages may be empty (a page of users without transactions): go on to one with rows.
        do {
          if (!pending) break;
          const page: Page<Row, Cursor> = await pending;
          pending = page.next === null ? null : prefetch(page.next);
          text += csvRows(columns, page.rows);
        } while (text === "");
        if (text) controller.enqueue(encoder.encode(text));
        text = "";
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
