// `deno task fuzz`: the long fuzz run, printing its figures. FUZZ_REQUESTS and FUZZ_SEED change
// it; TEST_DATABASE_URL runs it on PostgreSQL.
import { runFuzz } from "./fuzz.ts";

const requests = Number(Deno.env.get("FUZZ_REQUESTS") ?? 5000);
const seed = Number(Deno.env.get("FUZZ_SEED") ?? 17);
const f = await runFuzz({ requests, seed });
const statuses = Object.entries(f.byStatus).map(([s, n]) => `${s}: ${n}`).join(", ");
console.log(`fuzz: ${f.requests} requests in ${(f.ms / 1000).toFixed(1)} s (seed ${seed})`);
console.log(`answers by status: ${statuses}`);
console.log(
  `5xx: ${f.serverErrors.length} (limit 0); deliberate 503 (feature not set up): ${f.unavailable}`,
);
console.log(`refused requests that changed a row count: ${f.rowChanges.length} (limit 0)`);
console.log(`secrets found in the log: ${f.secretsInLog.length} (limit 0)`);
for (const line of [...f.serverErrors, ...f.rowChanges].slice(0, 20)) console.log(`  ${line}`);
Deno.exit(f.serverErrors.length || f.rowChanges.length || f.secretsInLog.length ? 1 : 0);
