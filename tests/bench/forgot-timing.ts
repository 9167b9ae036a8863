// The anonymous forgot-password and forgot-2fa calls, timed for 101 existing and 101 unknown
// usernames in alternating pairs, in process on PGlite. Figures: the median time of each side and
// the median of the pairs' differences. Held to: 1 ms at the median (issue 17). The test
// (tests/api/sign-in-throttle.test.ts) holds the reason structurally: the same statements answer
// both, none of them waiting on the users table; these are the real times.
import { hashPassword } from "../../server/auth/password.ts";
import { users } from "../../server/db/schema.ts";
import { makeTestApp, TEST_PASSWORD_COST, type TestApp } from "../support/test-app.ts";

const N = 101;
const MAX_GAP_MS = 1;

const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)];

function from(t: TestApp, ip: string, method: string, path: string, body?: unknown) {
  return t.app.request(path, {
    method,
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function run() {
  const t = await makeTestApp({ TRUST_PROXY: true });
  let within = true;
  try {
    const passwordHash = await hashPassword("password1", TEST_PASSWORD_COST);
    const names = Array.from({ length: N }, (_, i) => `timing_user_${i}`);
    // Staff numbers past newUniqueId's six digits, so none collides.
    await t.deps.db.insert(users).values(names.map((username, i) => ({
      username,
      email: `${username}@example.com`,
      passwordHash,
      uniqueId: 1_000_000 + i,
    })));
    const calls = {
      "forgot-password": (name: string, ip: string) =>
        from(t, ip, "GET", `/api/users/forgot-password?username=${name}`),
      "forgot-2fa": (name: string, ip: string) =>
        from(t, ip, "POST", "/api/users/forgot-2fa", { username: name }),
    };
    for (const [what, call] of Object.entries(calls)) {
      await (await call("warm_up", "10.1.0.0")).body?.cancel();
      const took = { known: [] as number[], unknown: [] as number[] };
      const gaps: number[] = [];
      for (let i = 0; i < N; i++) {
        // Each from its own address, in alternating order, so neither side always goes first.
        for (const kind of i % 2 ? ["known", "unknown"] as const : ["unknown", "known"] as const) {
          const name = kind === "known" ? names[i] : `unknown_user_${i}`;
          const start = performance.now();
          const res = await call(name, `10.1.${i}.${kind === "known" ? 1 : 2}`);
          await res.body?.cancel();
          took[kind].push(performance.now() - start);
        }
        gaps.push(took.known[i] - took.unknown[i]);
      }
      const gap = median(gaps);
      console.log(
        `${what}: existing ${median(took.known).toFixed(2)} ms, unknown ${
          median(took.unknown).toFixed(2)
        } ms at the median; pairs' difference ${gap.toFixed(3)} ms (limit ${MAX_GAP_MS} ms)`,
      );
      if (Math.abs(gap) >= MAX_GAP_MS) within = false;
    }
  } finally {
    await t.close();
  }
  return within;
}

if (import.meta.main) Deno.exit((await run()) ? 0 : 1);
