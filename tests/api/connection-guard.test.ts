// The server's own door (server/front-door/connection-guard.ts), from a raw TCP client: slow heads and
// bodies end with the connection closed within their limits, ordinary keep-alive and pipelined
// requests pass, and one address's connections are capped.
import assert from "node:assert/strict";
import type { Config } from "../../server/config.ts";
import { serveGuarded } from "../../server/front-door/connection-guard.ts";
import { ClientAddresses, sharedBuffers } from "../../server/front-door/shared-state.ts";
import { makeTestApp } from "../support/test-app.ts";
import { serve } from "../realtime/support.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();
/**
 * Timers on a loaded machine (CI runs four test files at once): a close is due by its limit plus
 * this. The exact deadlines are checked with an injected clock in connection-guard-stream.test.ts;
 * here the point is that real connections do get cut, and never before their limit.
 */
const SLACK_MS = 2500;

async function withServer(config: Partial<Config>, run: (origin: string) => Promise<void>) {
  const t = await makeTestApp(config);
  const served = await serve(t.app, t.deps.config);
  try {
    await run(served.origin);
  } finally {
    await served.close();
    await t.close();
  }
}

/** A raw connection: what it received, and when the server closed it (ms after opening). */
async function connect(origin: string) {
  const [hostname, port] = origin.split(":");
  // Taken before connecting: the server starts its clock on accepting, so no earlier than this,
  // and a close it makes at its limit is never measured here as sooner than the limit.
  const opened = performance.now();
  const conn = await Deno.connect({ hostname, port: Number(port) });
  const state = { text: "", closedMs: -1 };
  const reading = (async () => {
    const buf = new Uint8Array(16 * 1024);
    try {
      for (let n; (n = await conn.read(buf)) !== null;) {
        state.text += dec.decode(buf.subarray(0, n));
      }
    } catch { /* reset, or closed here */ }
    state.closedMs = performance.now() - opened;
  })();
  return {
    state,
    port: (conn.localAddr as Deno.NetAddr).port,
    send: (text: string) => conn.write(enc.encode(text)).then(() => true, () => false),
    /** Resolves when `text` has something matching, or the connection closed. */
    async until(pattern: RegExp, timeoutMs = 5000) {
      const end = performance.now() + timeoutMs;
      while (!pattern.test(state.text) && state.closedMs < 0 && performance.now() < end) {
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    /** Resolves when the server closed the connection, or `timeoutMs` passed. */
    closed(timeoutMs = 5000) {
      return this.until(/(?!)/, timeoutMs);
    },
    async close() {
      try {
        conn.close();
      } catch { /* closed by the server */ }
      await reading;
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A login whose 4 KB body comes a byte every 100 ms, `bytes` at most or until the server closes. */
async function trickleBody(origin: string, bytes: number) {
  const c = await connect(origin);
  await c.send(
    `POST /api/users/login HTTP/1.1\r\nHost: ${origin}\r\nContent-Type: application/json\r\n` +
      `Content-Length: 4096\r\n\r\n{`,
  );
  for (let i = 0; c.state.closedMs < 0 && i < bytes; i++) {
    await sleep(100);
    await c.send('"');
  }
  return c;
}

Deno.test("connections: headers sent a line a second are cut at HEADER_TIMEOUT_MS, with no answer", async () => {
  await withServer({ HEADER_TIMEOUT_MS: 3000 }, async (origin) => {
    const c = await connect(origin);
    await c.send(`GET /api/health HTTP/1.1\r\nHost: ${origin}\r\n`);
    for (let i = 0; c.state.closedMs < 0 && i < 10; i++) {
      await sleep(1000);
      await c.send(`X-Slow-${i}: 1\r\n`);
    }
    await c.closed(1000);
    await c.close();
    assert.equal(c.state.text, "");
    assert.ok(c.state.closedMs >= 3000, `closed at ${c.state.closedMs}`);
    assert.ok(c.state.closedMs < 3000 + SLACK_MS, `closed at ${c.state.closedMs}`);
  });
});

Deno.test("connections: one that sends nothing is closed at HEADER_TIMEOUT_MS; an idle kept-alive one between requests is not", async () => {
  await withServer({ HEADER_TIMEOUT_MS: 1000 }, async (origin) => {
    const silent = await connect(origin);
    const kept = await connect(origin);
    await kept.send(`GET /api/health HTTP/1.1\r\nHost: ${origin}\r\n\r\n`);
    await kept.until(/^HTTP\/1.1 200/);
    await silent.closed(1000 + SLACK_MS);
    assert.ok(silent.state.closedMs >= 1000, `closed at ${silent.state.closedMs}`);
    assert.ok(silent.state.closedMs < 1000 + SLACK_MS, `closed at ${silent.state.closedMs}`);
    await sleep(1500);
    assert.equal(kept.state.closedMs, -1);
    // Two more, pipelined in one write: a body by length, then one in chunks.
    await kept.send(
      `POST /api/users/login HTTP/1.1\r\nHost: ${origin}\r\nContent-Type: application/json\r\n` +
        `Content-Length: 2\r\n\r\n{}` +
        `POST /api/users/login HTTP/1.1\r\nHost: ${origin}\r\nContent-Type: application/json\r\n` +
        `Transfer-Encoding: chunked\r\n\r\n1\r\n{\r\n1;x=y\r\n}\r\n0\r\n\r\n` +
        `GET /api/health HTTP/1.1\r\nHost: ${origin}\r\n\r\n`,
    );
    await kept.until(/(HTTP\/1.1 [^]*){4}/);
    await kept.close();
    await silent.close();
    const statuses = [...kept.state.text.matchAll(/HTTP\/1.1 (\d{3}) /g)].map((m) => m[1]);
    assert.deepEqual(statuses, ["200", "400", "400", "200"]);
  });
});

Deno.test("connections: a body past BODY_TIMEOUT_MS gets 408 and the connection closed", async () => {
  await withServer({ BODY_TIMEOUT_MS: 1500 }, async (origin) => {
    const c = await trickleBody(origin, 40);
    await c.closed(3000);
    await c.close();
    assert.match(c.state.text, /^HTTP\/1.1 408/);
    assert.ok(c.state.closedMs < 1500 + SLACK_MS, `closed at ${c.state.closedMs}`);
  });
});

Deno.test("connections: a body still coming after the request's 503 has its connection closed at BODY_TIMEOUT_MS", async () => {
  await withServer(
    { REQUEST_TIMEOUT_MS: 1000, ORDER_ANSWER_MS: 500, BODY_TIMEOUT_MS: 2500 },
    async (origin) => {
      const c = await trickleBody(origin, 60);
      await c.close();
      assert.match(c.state.text, /^HTTP\/1.1 503/);
      assert.ok(c.state.closedMs < 2500 + SLACK_MS, `closed at ${c.state.closedMs}`);
    },
  );
});

Deno.test("connections: one address holds at most MAX_CONNECTIONS_PER_ADDRESS; the next gets 429", async () => {
  await withServer({ MAX_CONNECTIONS_PER_ADDRESS: 3 }, async (origin) => {
    const held = [await connect(origin), await connect(origin), await connect(origin)];
    const extra = await connect(origin);
    await extra.closed();
    await extra.close();
    assert.match(extra.state.text, /^HTTP\/1.1 429[^]*Retry-After: 10/);
    await held.pop()!.close();
    // Its place is given back once the server has seen the close.
    await sleep(100);
    const next = await connect(origin);
    await next.send(`GET /api/health HTTP/1.1\r\nHost: ${origin}\r\n\r\n`);
    await next.until(/^HTTP\/1.1 200/);
    await next.close();
    assert.match(next.state.text, /^HTTP\/1.1 200/);
    await Promise.all(held.map((c) => c.close()));
  });
});

Deno.test("connections: the app sees each client's own address and port, not the relay's", async () => {
  const server = await serveGuarded(
    {
      hostname: "127.0.0.1",
      port: 0,
      headerTimeoutMs: 5000,
      bodyTimeoutMs: 5000,
      maxPerAddress: 10,
      maxFrameBytes: 1024,
    },
    (_req, info) => new Response(`${info.remoteAddr.hostname} ${info.remoteAddr.port}`),
  );
  const origin = `127.0.0.1:${server.addr.port}`;
  try {
    for (let round = 0; round < 2; round++) {
      const clients = await Promise.all([connect(origin), connect(origin)]);
      for (const c of clients) {
        // Twice on one kept-alive connection: the second request is read off the same entry.
        for (let i = 1; i <= 2; i++) {
          await c.send(`GET / HTTP/1.1\r\nHost: ${origin}\r\n\r\n`);
          await c.until(new RegExp(`(127\\.0\\.0\\.1 \\d+[^]*){${i}}`));
        }
      }
      for (const c of clients) await c.close();
      const seen = clients.map((c) => [...c.state.text.matchAll(/127\.0\.0\.1 (\d+)/g)]);
      clients.forEach((c, i) => {
        assert.equal(seen[i].length, 2, c.state.text);
        for (const m of seen[i]) assert.equal(Number(m[1]), c.port);
      });
    }
  } finally {
    await server.shutdown();
  }
});

Deno.test("connections: a client's address is kept whole across threads, up to any address's length", () => {
  const buffers = sharedBuffers();
  const writer = new ClientAddresses(buffers);
  const reader = new ClientAddresses(buffers);
  const linkLocal = "fe80::1234:5678:9abc:def0%enp0s31f6";
  writer.set(40000, { transport: "tcp", hostname: linkLocal, port: 51234 });
  writer.set(40001, { transport: "tcp", hostname: "203.0.113.7", port: 443 });
  assert.deepEqual(reader.get(40000), { transport: "tcp", hostname: linkLocal, port: 51234 });
  assert.deepEqual(reader.get(40001), { transport: "tcp", hostname: "203.0.113.7", port: 443 });
  // A shorter address after a longer one on the same port reads as itself alone.
  writer.set(40000, { transport: "tcp", hostname: "::1", port: 1 });
  assert.deepEqual(reader.get(40000), { transport: "tcp", hostname: "::1", port: 1 });
  writer.delete(40000);
  assert.equal(reader.get(40000), undefined);
  assert.equal(reader.get(40002), undefined);
  writer.set(40003, { transport: "tcp", hostname: "x".repeat(65), port: 1 });
  assert.equal(reader.get(40003), undefined);
});
