// Runs PGlite's initdb for a new folder in a worker (server/db/pglite.ts): what initdb leaves on
// the heap (about 400 MB) goes with the worker, instead of waiting in the server's heap for a
// major collection that an idle server may never run.
import { PGlite } from "@electric-sql/pglite";

self.onmessage = async (e: MessageEvent<{ path: string; conf: string[] }>) => {
  try {
    const client = new PGlite(e.data.path, { postgresqlconf: e.data.conf });
    await client.waitReady;
    await client.close();
    self.postMessage({ ok: true });
  } catch (err) {
    self.postMessage({ ok: false, message: String(err) });
  }
};
