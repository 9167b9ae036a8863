// Fuzzing generated from /api/openapi.json: for every route, requests built from its own schemas
// (fast-check arbitraries) mixed with hostile values (NUL bytes, ids past their column, far
// dates, wrong types, 2 MB bodies), sent as every role and anonymously. Holds the server to: no
// answer 5xx, no refused request changing a row count, no secret in what it logged.
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { users } from "../../server/db/schema.ts";
import { rawRows } from "../../server/db/raw-rows.ts";
import { makeTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import { UndocumentedAnswer } from "../support/answers.ts";

type Schema = Record<string, unknown>;

export interface FuzzFigures {
  requests: number;
  byStatus: Record<number, number>;
  /** Answers of 500 and above, except the deliberate 503s below. */
  serverErrors: string[];
  /** 503 "push.notSetUp": a feature not set up on this instance (push keys), said as designed. */
  unavailable: number;
  rowChanges: string[];
  secretsInLog: string[];
  /** Answers whose status the route's OpenAPI operation does not list, or off its schema. */
  undocumented: string[];
  ms: number;
}

/** Routes that end the caller's own sessions: sent, they would only turn the rest into 401s. */
const SKIP = new Set([
  "post /api/users/logout",
  "post /api/users/change-password",
  "get /api/socket",
]);

/** Tables a refused request must leave alone (audit, throttle and session tables record attempts). */
const COUNTED = [
  "users",
  "reset_tokens",
  "bot_keys",
  "transactions",
  "paper_balances",
  "calls",
  "call_outcomes",
  "shifts",
  "shift_reports",
  "media",
];

const HOSTILE: unknown[] = [
  "a\u0000b",
  2 ** 31,
  2 ** 53 + 2,
  -1,
  0,
  8.64e15,
  253402300800000,
  "253402300800000",
  "",
  null,
  true,
  [],
  {},
  "x".repeat(500),
  "1e999",
  "NaN",
  "2147483648",
  "../../etc/passwd",
  "'; drop table users; --",
  // Text that is not Unicode: lone surrogates, each half alone and one in the middle of a word.
  "\ud800",
  "\udfffx",
  "a\ud83dz",
];

/**
 * Bodies no schema yields: nesting far past any depth limit (16 KB, as the first round's 500 was),
 * and the same inside an object, where a validator would reach it last.
 */
const RAW_BODIES = [
  "[".repeat(8000) + "]".repeat(8000),
  '{"a":'.repeat(5000) + "1" + "}".repeat(5000),
  `{"username":${"[".repeat(3000)}${"]".repeat(3000)},"password":"x"}`,
  '{"username":"\ud800x","password":"password1"}',
];

function arbitraryOf(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const hostile = fc.constantFrom(...HOSTILE);
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  let base: fc.Arbitrary<unknown>;
  if (Array.isArray(schema.enum)) base = fc.constantFrom(...(schema.enum as unknown[]));
  else if (union?.length) base = fc.oneof(...union.map((s) => arbitraryOf(s, depth + 1)));
  else if (schema.type === "object" && depth < 4) {
    const props = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
    const required = (schema.required ?? []) as string[];
    base = fc.record(
      Object.fromEntries(props.map(([k, s]) => [k, arbitraryOf(s, depth + 1)])),
      { requiredKeys: required.filter((k) => props.some(([p]) => p === k)) },
    );
  } else if (schema.type === "array" && depth < 4) {
    base = fc.array(arbitraryOf((schema.items ?? {}) as Schema, depth + 1), { maxLength: 4 });
  } else if (schema.type === "string") {
    base = schema.format === "uuid"
      ? fc.uuid()
      : fc.oneof(fc.string({ maxLength: 30 }), fc.stringMatching(/^\d{1,12}(\.\d{1,10})?$/));
  } else if (schema.type === "integer") {
    base = fc.integer({
      min: Math.max(Number(schema.minimum ?? -5), -1e6),
      max: Math.min(Number(schema.maximum ?? 1e6), 1e9),
    });
  } else if (schema.type === "number") base = fc.double({ noNaN: true, noDefaultInfinity: true });
  else if (schema.type === "boolean") base = fc.boolean();
  else base = fc.jsonValue({ maxDepth: 2 });
  return fc.oneof({ weight: 5, arbitrary: base }, { weight: 1, arbitrary: hostile });
}

const pathValue = fc.oneof(
  fc.integer({ min: 1, max: 40 }).map(String),
  fc.constantFrom("0", "-1", "2147483648", "9007199254740993", "abc", "a%00b", "DONE", "BUY"),
  fc.uuid(),
);

interface Operation {
  method: string;
  path: string;
  op: Schema;
}

interface FuzzRequest {
  identity: number;
  path: string;
  query: string;
  body: unknown;
  /** Sent instead of the body: 2 MB of "x", or one of RAW_BODIES. */
  raw: "huge" | number | null;
}

function requestsFor(operation: Operation, identities: number): fc.Arbitrary<FuzzRequest> {
  const params = (operation.op.parameters ?? []) as { name: string; in: string; schema: Schema }[];
  const inPath = params.filter((p) => p.in === "path");
  const inQuery = params.filter((p) => p.in === "query");
  const bodySchema = (operation.op.requestBody as Schema | undefined)?.content as
    | Record<string, { schema: Schema }>
    | undefined;
  return fc.record({
    identity: fc.integer({ min: 0, max: identities - 1 }),
    path: fc.tuple(...inPath.map(() => pathValue)).map((values) =>
      inPath.reduce(
        (path, p, i) => path.replace(`{${p.name}}`, encodeURIComponent(String(values[i]))),
        operation.path,
      )
    ),
    query: fc.record(
      Object.fromEntries(inQuery.map((p) => [p.name, arbitraryOf(p.schema ?? {})])),
      { requiredKeys: [] },
    ).map((q) =>
      new URLSearchParams(
        Object.entries(q).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
      ).toString()
    ),
    body: bodySchema ? arbitraryOf(bodySchema["application/json"].schema) : fc.constant(undefined),
    raw: fc.oneof(
      { weight: 40, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constant("huge" as const) },
      { weight: 4, arbitrary: fc.integer({ min: 0, max: RAW_BODIES.length - 1 }) },
    ),
  });
}

const TWO_MB = "x".repeat(2 * 1024 * 1024);

async function rowCounts(t: TestApp) {
  const rows = await rawRows<Record<string, string>>(
    t.deps.database,
    sql.raw(`select ${COUNTED.map((n) => `(select count(*) from ${n}) as ${n}`).join(", ")}`),
  );
  return JSON.stringify(rows[0]);
}

/** Every string a log must never hold: passwords, their hashes, tokens, TOTP secrets. */
async function secretsOf(t: TestApp, ids: TestUser[]) {
  const hashes = (await t.deps.db.select({ h: users.passwordHash }).from(users)).map((r) => r.h);
  return [...ids.flatMap((u) => [u.password, u.token, u.totpSecret]), ...hashes];
}

export async function runFuzz(opts: { requests: number; seed: number }): Promise<FuzzFigures> {
  const logged: string[] = [];
  const original = { error: console.error, warn: console.warn, log: console.log };
  const capture = (...args: unknown[]) =>
    void logged.push(args.map((a) => (a instanceof Error ? `${a.stack}` : String(a))).join(" "));
  const t = await makeTestApp({ TRUST_PROXY: true });
  const started = performance.now();
  const figures: FuzzFigures = {
    requests: 0,
    byStatus: {},
    serverErrors: [],
    unavailable: 0,
    rowChanges: [],
    secretsInLog: [],
    undocumented: [],
    ms: 0,
  };
  try {
    const roles = ["SuperAdmin", "Admin", "Lead", "User"] as const;
    const ids: TestUser[] = [];
    for (const role of roles) ids.push(await t.user(role));
    const everyone = [...ids];
    const doc = await (await t.call("GET", "/api/openapi.json", { token: ids[0].token })).json();
    const operations: Operation[] = Object.entries(
      doc.paths as Record<string, Record<string, Schema>>,
    )
      .flatMap(([path, ops]) => Object.entries(ops).map(([m, op]) => ({ method: m, path, op })))
      .filter((o) => !SKIP.has(`${o.method} ${o.path}`));
    const tokens = [...ids.map((u) => u.token), undefined];
    const perRoute = Math.max(1, Math.ceil(opts.requests / operations.length));
    console.error = console.warn = console.log = capture;
    let seed = opts.seed;
    for (const operation of operations) {
      const samples = fc.sample(requestsFor(operation, tokens.length), {
        numRuns: perRoute,
        seed: seed++,
      });
      for (const r of samples) {
        const before = await rowCounts(t);
        const headers: Record<string, string> = {
          "content-type": "application/json",
          // Each request from its own address, so the sign-in throttle does not end the run early.
          "x-forwarded-for": `10.9.${figures.requests >> 8 & 255}.${figures.requests & 255}`,
        };
        const token = tokens[r.identity];
        if (token) headers.authorization = `Bearer ${token}`;
        const hasBody = operation.method !== "get" && operation.method !== "delete";
        const url = `${r.path}${r.query ? `?${r.query}` : ""}`;
        const what = `${operation.method.toUpperCase()} ${url} as ${r.identity}`;
        let res: Response;
        try {
          res = await t.app.request(url, {
            method: operation.method.toUpperCase(),
            headers,
            body: !hasBody
              ? undefined
              : r.raw === "huge"
              ? TWO_MB
              : r.raw === null
              ? JSON.stringify(r.body ?? null)
              : RAW_BODIES[r.raw],
          });
        } catch (err) {
          // The answer's status or body is not what the OpenAPI document says (test-app.ts).
          if (!(err instanceof UndocumentedAnswer)) throw err;
          figures.requests++;
          figures.undocumented.push(`${what}: ${err.message.slice(0, 300)}`);
          continue;
        }
        const text = await res.text();
        figures.requests++;
        figures.byStatus[res.status] = (figures.byStatus[res.status] ?? 0) + 1;
        if (res.status === 503 && JSON.parse(text).code === "push.notSetUp") figures.unavailable++;
        else if (res.status >= 500) {
          figures.serverErrors.push(`${what}: ${res.status} ${text.slice(0, 200)}`);
        }
        if (res.status >= 400 && (await rowCounts(t)) !== before) {
          figures.rowChanges.push(`${what}: ${res.status}`);
        }
        // Admin routes aimed at random ids end our own identities' sessions now and then (a
        // deletion, a password or 2FA reset): a fresh one of the same role keeps the run covering.
        if (res.status === 401 && token && r.identity < roles.length) {
          const alive = await t.call("GET", "/api/users/my-profile", { token });
          if (alive.status === 401) {
            const fresh = await t.user(roles[r.identity]);
            everyone.push(fresh);
            tokens[r.identity] = fresh.token;
          }
          await alive.body?.cancel();
        }
      }
    }
    const secrets = await secretsOf(t, everyone);
    const log = logged.join("\n");
    if (Deno.env.get("FUZZ_SHOW_LOG")) original.log(log);
    figures.secretsInLog = secrets.filter((s) => s && log.includes(s)).map((s) =>
      s.slice(0, 6) + "..."
    );
  } finally {
    Object.assign(console, original);
    await t.close();
  }
  figures.ms = performance.now() - started;
  return figures;
}
