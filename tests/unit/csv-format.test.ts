import assert from "node:assert/strict";
import {
  csvHeader,
  csvRows,
  csvStream,
  defuse,
  numberColumn,
  type Page,
  textColumn,
} from "../../server/reports/csv.ts";
import { hasBackReference } from "../../server/reports/user-regex.ts";

interface Row {
  name: string | null;
  amount: string;
}

const COLUMNS = [textColumn<Row>("Name", "name"), numberColumn<Row>("Amount", "amount")];

Deno.test("defuse() prefixes cells a spreadsheet would run as a formula", () => {
  for (const bad of ["=1+1", "+1", "-1+2", "@SUM(A1)", "\tx", "\rx", "\uFF1D1"]) {
    assert.equal(defuse(bad), `'${bad}`);
  }
  for (const fine of ["alice", "1=1", "a-b", "", "'quoted"]) assert.equal(defuse(fine), fine);
});

Deno.test("csvRows() defuses text cells but keeps negative numbers as numbers", () => {
  const csv = csvRows(COLUMNS, [
    { name: '=HYPERLINK("http://x")', amount: "-12.5" },
    { name: "-bob", amount: "3" },
  ]);
  assert.equal(csv, `"'=HYPERLINK(""http://x"")",-12.5\r\n'-bob,3\r\n`);
});

Deno.test("csvRows() quotes commas, quotes and line breaks and leaves nulls empty", () => {
  const csv = csvRows(COLUMNS, [
    { name: "a,b", amount: "1" },
    { name: 'say "hi"', amount: "2" },
    { name: "two\nlines", amount: "3" },
    { name: null, amount: "4" },
  ]);
  assert.equal(csv, `"a,b",1\r\n"say ""hi""",2\r\n"two\nlines",3\r\n,4\r\n`);
});

Deno.test("csvHeader() writes the column headers as one record", () => {
  assert.equal(csvHeader(COLUMNS), "Name,Amount\r\n");
});

async function readAll(stream: ReadableStream<Uint8Array>) {
  const chunks: string[] = [];
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  for await (const chunk of stream) chunks.push(decoder.decode(chunk));
  return chunks;
}

Deno.test("csvStream() reads one page per pull and skips empty pages", async () => {
  const pages: Page<Row, number>[] = [
    { rows: [{ name: "a", amount: "1" }], next: 1 },
    { rows: [], next: 2 },
    { rows: [{ name: "b", amount: "2" }], next: null },
  ];
  const asked: (number | null)[] = [];
  const stream = await csvStream(COLUMNS, (cursor: number | null) => {
    asked.push(cursor);
    return Promise.resolve(pages[cursor ?? 0]);
  });
  // The first page is read before the response exists; nothing more until the client pulls.
  assert.deepEqual(asked, [null]);
  const chunks = await readAll(stream);
  assert.deepEqual(asked, [null, 1, 2]);
  assert.deepEqual(chunks, ["\uFEFFName,Amount\r\na,1\r\n", "b,2\r\n"]);
});

Deno.test("csvStream() fails before any byte when the first page fails", async () => {
  await assert.rejects(
    csvStream(COLUMNS, () => Promise.reject(new Error("bad pattern"))),
    /bad pattern/,
  );
});

Deno.test("hasBackReference() finds \\1-\\9 but not escaped backslashes or other escapes", () => {
  assert.equal(hasBackReference("^(.*)\\1$"), true);
  assert.equal(hasBackReference("(a)(b)\\2"), true);
  assert.equal(hasBackReference("\\\\1"), false);
  assert.equal(hasBackReference("\\d+\\w"), false);
  assert.equal(hasBackReference("(a+)+$"), false);
});
