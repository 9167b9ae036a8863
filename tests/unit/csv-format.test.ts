import assert from "node:assert/strict";
import { stringify } from "csv-stringify/sync";
import {
  CSV_OPTIONS,
  type CsvColumn,
  csvHeader,
  csvLine,
  defuse,
  numberColumn,
  plainColumns,
  textColumn,
  trimDecimals,
} from "../../server/reports/csv.ts";
import { csvStream, type Page, wholePages } from "../../server/reports/csv-stream.ts";
import { utcDateTime } from "../../server/reports/keyset.ts";
import { hasBackReference } from "../../server/reports/user-regex.ts";

interface Row {
  name: string | null;
  amount: string;
}

const COLUMNS = [textColumn<Row>("Name", "name"), numberColumn<Row>("Amount", "amount")];

const csvRows = <R>(columns: CsvColumn<R>[], rows: R[]) =>
  rows.map((row) => csvLine(columns, row) + "\r\n").join("");

Deno.test("defuse() prefixes cells a spreadsheet would run as a formula", () => {
  for (const bad of ["=1+1", "+1", "-1+2", "@SUM(A1)", "\tx", "\rx", "\uFF1D1"]) {
    assert.equal(defuse(bad), `'${bad}`);
  }
  for (const fine of ["alice", "1=1", "a-b", "", "'quoted"]) assert.equal(defuse(fine), fine);
});

Deno.test("csvLine() defuses text cells but keeps negative numbers as numbers", () => {
  const csv = csvRows(COLUMNS, [
    { name: '=HYPERLINK("http://x")', amount: "-12.5" },
    { name: "-bob", amount: "3" },
  ]);
  assert.equal(csv, `"'=HYPERLINK(""http://x"")",-12.5\r\n'-bob,3\r\n`);
});

Deno.test("csvLine() quotes commas, quotes and line breaks and leaves nulls empty", () => {
  const csv = csvRows(COLUMNS, [
    { name: "a,b", amount: "1" },
    { name: 'say "hi"', amount: "2" },
    { name: "two\nlines", amount: "3" },
    { name: null, amount: "4" },
  ]);
  assert.equal(csv, `"a,b",1\r\n"say ""hi""",2\r\n"two\nlines",3\r\n,4\r\n`);
});

Deno.test("csvLine() writes what csv-stringify writes for awkward text", () => {
  const awkward = [
    "",
    " ",
    "a,b",
    '"',
    '""',
    "x\r\ny",
    "\n",
    "tab\there",
    "é ü 漢字",
    "a;b",
    "'q'",
  ];
  const rows = awkward.flatMap((a) => awkward.map((b) => ({ name: a + b, amount: "1" })));
  const expected = stringify(rows.map((r) => [defuse(r.name), "1"]), CSV_OPTIONS);
  assert.equal(csvRows(COLUMNS, rows), expected);
});

Deno.test("trimDecimals() drops trailing zeros and a bare point, never integer zeros", () => {
  assert.equal(trimDecimals("100.50000000"), "100.5");
  assert.equal(trimDecimals("100.00000000"), "100");
  assert.equal(trimDecimals("-0.00000001"), "-0.00000001");
  assert.equal(trimDecimals("1000"), "1000");
  assert.equal(trimDecimals("0.00000000"), "0");
  assert.equal(trimDecimals("-10.10000000"), "-10.1");
});

Deno.test("csvHeader() writes the column headers as one record", () => {
  assert.equal(csvHeader(COLUMNS), "Name,Amount\r\n");
});

Deno.test("plainColumns() spans several headers and writes its joined cells untouched", () => {
  const columns = [
    textColumn<{ name: string; plain: string }>("Name", "name"),
    plainColumns<{ name: string; plain: string }>(["Status", "Profit"], "plain"),
  ];
  assert.equal(csvHeader(columns), "Name,Status,Profit\r\n");
  assert.equal(csvRows(columns, [{ name: "-x", plain: "DONE,-10.5" }]), "'-x,DONE,-10.5\r\n");
});

Deno.test("utcDateTime() formats epoch microseconds in UTC across days, as Date does", () => {
  const samples = [
    "2026-01-01T00:00:00Z",
    "2026-01-01T23:59:59.999Z",
    "2026-01-02T00:00:00.5Z",
    "2024-02-29T12:34:56Z",
    "1999-12-31T23:59:59Z",
    "2026-01-01T09:05:07.123Z",
  ];
  for (const iso of samples) {
    const ms = Date.parse(iso);
    const expected = new Date(ms).toISOString().slice(0, 19).replace("T", " ");
    assert.equal(utcDateTime(String(ms * 1000 + 456)), expected, iso);
  }
});

async function readAll(stream: ReadableStream<Uint8Array>) {
  const chunks: string[] = [];
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  for await (const chunk of stream) chunks.push(decoder.decode(chunk));
  return chunks;
}

Deno.test("csvStream() reads the first page up front, then one page ahead, skipping empty pages", async () => {
  const pages: Page<Row, number>[] = [
    { rows: [{ name: "a", amount: "1" }], next: 1 },
    { rows: [], next: 2 },
    { rows: [{ name: "b", amount: "2" }], next: null },
  ];
  const asked: (number | null)[] = [];
  const stream = await csvStream(
    COLUMNS,
    wholePages((cursor: number | null) => {
      asked.push(cursor);
      return Promise.resolve(pages[cursor ?? 0]);
    }),
  );
  // The first page is read before the response exists; nothing more until the client pulls.
  assert.deepEqual(asked, [null]);
  const reader = stream.getReader();
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  const chunks = [decoder.decode((await reader.read()).value)];
  // While the first chunk goes out, the next page is already being read; no further.
  assert.deepEqual(asked, [null, 1]);
  reader.releaseLock();
  chunks.push(...await readAll(stream));
  assert.deepEqual(asked, [null, 1, 2]);
  assert.deepEqual(chunks, ["\uFEFFName,Amount\r\na,1\r\n", "b,2\r\n"]);
});

Deno.test("csvStream() fails before any byte when the first page fails", async () => {
  await assert.rejects(
    csvStream(COLUMNS, () => Promise.reject(new Error("bad pattern"))),
    /bad pattern/,
  );
});

Deno.test("csvStream() sends the pages before one that fails part-way, then errors, with none of its rows", async () => {
  const stream = await csvStream<Row, number>(COLUMNS, async (cursor, onRow) => {
    onRow({ name: cursor === null ? "a" : "b", amount: "1" });
    if (cursor === null) return 1;
    await Promise.resolve();
    throw new Error("connection lost");
  });
  const reader = stream.getReader();
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  assert.equal(decoder.decode((await reader.read()).value), "\uFEFFName,Amount\r\na,1\r\n");
  const logged = console.error;
  console.error = () => {};
  try {
    await assert.rejects(reader.read(), /connection lost/);
  } finally {
    console.error = logged;
  }
});

Deno.test("hasBackReference() finds \\1-\\9 but not escaped backslashes or other escapes", () => {
  assert.equal(hasBackReference("^(.*)\\1$"), true);
  assert.equal(hasBackReference("(a)(b)\\2"), true);
  assert.equal(hasBackReference("\\\\1"), false);
  assert.equal(hasBackReference("\\d+\\w"), false);
  assert.equal(hasBackReference("(a+)+$"), false);
});
