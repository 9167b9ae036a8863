// `deno task test`: every suite. Unit, API and realtime tests on PGlite; the same again on
// PostgreSQL when TEST_DATABASE_URL is set; then the browser tests against the built client.
// Prints one closing line with the totals and fails on any failure.
import { buildWebIfStale } from "./build-web.ts";

const root = new URL("..", import.meta.url).pathname;
const pgUrl = Deno.env.get("TEST_DATABASE_URL");
const filter = Deno.args;
/**
 * Files that measure their process (its RSS): `deno test --parallel` runs files as workers of one
 * process, so a neighbour opening PGlite (80-100 MB) counted as their growth. They run after each
 * parallel pass, one at a time.
 */
const ALONE = ["tests/realtime/socket-guards.test.ts"];

interface Totals {
  passed: number;
  failed: number;
  ignored: number;
}

async function exists(path: string) {
  try {
    await Deno.stat(`${root}${path}`);
    return true;
  } catch {
    return false;
  }
}

async function suite(
  label: string,
  dirs: string[],
  env: Record<string, string>,
  parallel = true,
  jobs = 2,
): Promise<Totals> {
  const present = [];
  for (const d of dirs) if (await exists(d)) present.push(d);
  if (!present.length) return { passed: 0, failed: 0, ignored: 0 };
  console.log(`\n=== ${label} ===`);
  const child = new Deno.Command(Deno.execPath(), {
    // No type check here: `deno task check` does it once for the whole tree, where each suite's
    // own check (a different set of roots, so not reused) cost CI about a minute per suite.
    // --unstable-no-legacy-abort: as `deno task start` serves (a request's signal aborts only when
    // its client leaves, not once it is answered).
    args: [
      "test",
      "-A",
      "--no-check",
      "--unstable-no-legacy-abort",
      ...(parallel ? ["--parallel"] : []),
      ...filter,
      ...present,
    ],
    cwd: root,
    env: { RUST_BACKTRACE: "0", DENO_JOBS: String(jobs), NO_COLOR: "1", ...env },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  let tail = "";
  const decoder = new TextDecoder();
  for await (const chunk of child.stdout) {
    const text = decoder.decode(chunk);
    tail = (tail + text).slice(-4000);
    await Deno.stdout.write(chunk);
  }
  const status = await child.status;
  // deno test ends with "ok | 12 passed | 0 failed | 1 ignored (3s)": read that closing line only,
  // not a test's own output above it (a log line such as "push to 127.0.0.1:40261 failed").
  const closing = [...tail.matchAll(/^(?:ok|FAILED) \| .*$/gm)].at(-1)?.[0] ?? "";
  const num = (word: string) => Number(new RegExp(`(\\d+) ${word}`).exec(closing)?.[1] ?? 0);
  const totals = { passed: num("passed"), failed: num("failed"), ignored: num("ignored") };
  if (!status.success && totals.failed === 0) totals.failed = 1;
  return totals;
}

/** The browser test files that take longest (20 s to 2.5 min), longest first. */
const LONG_BROWSER = [
  "translations-modals",
  "translations",
  "accessibility",
  "phone-layout",
  "call-board",
  "desk",
  "desk-dashboard",
  "trading",
].map((name) => `tests/e2e/${name}.test.ts`);

/** The test files directly in `dir` (none when it is missing), in name order. */
async function testFiles(dir: string) {
  const files: string[] = [];
  if (!(await exists(dir))) return files;
  for await (const entry of Deno.readDir(`${root}${dir}`)) {
    if (entry.isFile && entry.name.endsWith(".test.ts")) files.push(`${dir}/${entry.name}`);
  }
  return files.sort();
}

/**
 * The test files of `dirs` but ALONE, listed: `deno test --ignore` did not take a file out of a
 * directory given on the command line (deno.json has an `exclude` of its own).
 */
async function withoutAlone(dirs: string[]) {
  const files = (await Promise.all(dirs.map(testFiles))).flat();
  return files.filter((path) => !ALONE.includes(path));
}

/** `dir`'s test files with `first` ahead of the rest (a filter passed to the task still applies). */
async function longestFirst(dir: string, first: string[]) {
  return [...first, ...(await testFiles(dir)).filter((path) => !first.includes(path))];
}

await buildWebIfStale();
const runs: Totals[] = [];
runs.push(
  await suite(
    "unit, API and realtime tests on PGlite",
    await withoutAlone(["tests/unit", "tests/api", "tests/realtime"]),
    // Empty, not inherited: with CI's TEST_DATABASE_URL this pass ran on PostgreSQL too.
    { TEST_DATABASE_URL: "" },
  ),
  await suite("tests that measure their process, alone, on PGlite", ALONE, {
    TEST_DATABASE_URL: "",
  }, false),
);
if (pgUrl) {
  runs.push(
    // Four files at a time: these tests wait on PostgreSQL (a database created and migrated per
    // test app) more than they compute.
    await suite(
      "API and realtime tests on PostgreSQL",
      await withoutAlone(["tests/api", "tests/realtime"]),
      {
        TEST_DATABASE_URL: pgUrl,
      },
      true,
      4,
    ),
    await suite("tests that measure their process, alone, on PostgreSQL", ALONE, {
      TEST_DATABASE_URL: pgUrl,
    }, false),
  );
} else {
  console.log("\nTEST_DATABASE_URL is not set: the PostgreSQL pass is skipped.");
}
// Two browser test files at a time, the longest first. Files start in the order given: in name
// order the translation walks (1–2.5 min each) started last and the pass ended on them alone. The
// pass keeps 2 cores busy (95% or more): a third file at a time gained little and took the load
// past 20, where a 390 px walk once timed out.
runs.push(
  await suite(
    "browser tests (Chromium)",
    await longestFirst("tests/e2e", LONG_BROWSER),
    {},
    true,
    2,
  ),
);
// CI sets TEST_FAULTS=1 so the minute-long fault tests (`deno task faults`) count in the one total.
if (Deno.env.get("TEST_FAULTS") === "1") {
  runs.push(await suite("fault tests (kills, database restarts)", ["tests/faults"], {}, false));
}

const sum = runs.reduce(
  (a, b) => ({
    passed: a.passed + b.passed,
    failed: a.failed + b.failed,
    ignored: a.ignored + b.ignored,
  }),
  { passed: 0, failed: 0, ignored: 0 },
);
console.log(`\ntests: ${sum.passed} passed, ${sum.failed} failed, ${sum.ignored} skipped`);
Deno.exit(sum.failed > 0 ? 1 : 0);
