// Start-up waits for PostgreSQL instead of exiting when it is not up yet (a machine boot, a
// database restart): tries again with a growing pause, and says so on each try.
import postgres from "postgres";
import { unavailableReason } from "../core/database-faults.ts";

const FIRST_PAUSE_MS = 250;
const MAX_PAUSE_MS = 5_000;

export async function waitForDatabase(
  url: string,
  log: (line: string) => void = console.log,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
) {
  const where = new URL(url).host;
  for (let pause = FIRST_PAUSE_MS;; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
    const sql = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
    try {
      await sql`select 1`;
      return;
    } catch (err) {
      // Anything but "cannot reach it now" (a bad password, no such database) will not pass.
      if (!unavailableReason(err)) throw err;
      const reason = err instanceof Error ? err.message : String(err);
      log(`Waiting for the database at ${where}: ${reason}; trying again in ${pause} ms`);
      await sleep(pause);
    } finally {
      await sql.end({ timeout: 1 }).catch(() => {});
    }
  }
}
