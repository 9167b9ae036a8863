// The front door's relay (connection-guard.ts says why it exists), run in its own worker
// (relay-worker.ts) so that its reads, writes and checks of every byte cost the app's thread
// nothing: it accepts the clients' connections, opens one loopback connection to the app's
// Deno.serve for each, and passes the bytes both ways while a ClientStream reads what passes.

import { ClientStream, type Ending } from "./client-stream.ts";
import {
  addToCounter,
  ClientAddresses,
  type CounterName,
  type SharedBuffers,
} from "./shared-state.ts";

export interface RelayOptions {
  hostname: string;
  port: number;
  /** The app's Deno.serve on 127.0.0.1. */
  upstreamPort: number;
  headerTimeoutMs: number;
  bodyTimeoutMs: number;
  maxPerAddress: number;
  maxFrameBytes: number;
}

export interface Relay {
  readonly addr: Deno.NetAddr;
  /** Stops accepting; the connections open go on being relayed. */
  stopAccepting(): Promise<void>;
  /** Closes every connection left and waits until nothing is being passed. */
  close(): Promise<void>;
}

const BUFFER = 16 * 1024;
/** How long a client may go on sending after a reply that ends its connection. */
const LINGER_MS = 2000;
const REPLY_429 = new TextEncoder().encode(
  "HTTP/1.1 429 Too Many Requests\r\nRetry-After: 10\r\nConnection: close\r\n" +
    "Content-Length: 0\r\n\r\n",
);
const COUNTED: Partial<Record<Ending["why"], CounterName>> = {
  head: "headerTimeouts",
  body: "bodyTimeouts",
  frame: "framesTooBig",
  close: "closesUnanswered",
};

function closeQuietly(conn: Deno.Conn) {
  try {
    conn.close();
  } catch { /* closed already */ }
}

/**
 * After a reply, the client's side is read and dropped a while before closing: a connection
 * closed with bytes unread is reset, and the reset can overtake the reply.
 */
async function drainThenClose(conn: Deno.TcpConn) {
  await conn.closeWrite().catch(() => {});
  const timer = setTimeout(() => closeQuietly(conn), LINGER_MS);
  const buf = new Uint8Array(BUFFER);
  try {
    while ((await conn.read(buf)) !== null);
  } catch { /* closed by the timer */ }
  clearTimeout(timer);
  closeQuietly(conn);
}

interface Link {
  client: Deno.TcpConn;
  upstream?: Deno.TcpConn;
  stream: ClientStream;
  address: string;
  ended: boolean;
  linger?: ReturnType<typeof setTimeout>;
}

/** Listens on `hostname:port` and relays each connection to the app; throws if it cannot listen. */
export function startRelay(opts: RelayOptions, shared: SharedBuffers): Relay {
  const links = new Set<Link>();
  const perAddress = new Map<string, number>();
  const clients = new ClientAddresses(shared);
  const pumps = new Set<Promise<void>>();
  const listener = Deno.listen({ hostname: opts.hostname, port: opts.port });
  const tickMs = Math.max(20, Math.min(500, opts.headerTimeoutMs / 10, opts.bodyTimeoutMs / 10));
  let sweep: ReturnType<typeof setInterval> | undefined;

  async function end(link: Link, ending?: Ending) {
    if (link.ended) return;
    link.ended = true;
    links.delete(link);
    if (links.size === 0 && sweep !== undefined) {
      clearInterval(sweep);
      sweep = undefined;
    }
    const left = (perAddress.get(link.address) ?? 1) - 1;
    if (left) perAddress.set(link.address, left);
    else perAddress.delete(link.address);
    if (link.upstream) {
      clients.delete(link.upstream.localAddr.port);
      closeQuietly(link.upstream);
    }
    const counted = ending && COUNTED[ending.why];
    if (counted) addToCounter(shared, counted);
    if (!ending?.reply) return closeQuietly(link.client);
    await link.client.write(ending.reply).catch(() => {});
    await link.client.closeWrite().catch(() => {});
    // The client's pump drops what still comes until the client closes, or this passes.
    link.linger = setTimeout(() => closeQuietly(link.client), LINGER_MS);
  }

  async function pump(
    link: Link,
    from: Deno.TcpConn,
    to: Deno.TcpConn,
    read: (chunk: Uint8Array) => Ending | undefined,
  ) {
    const buf = new Uint8Array(BUFFER);
    try {
      for (let n: number | null; (n = await from.read(buf)) !== null;) {
        if (link.ended) continue;
        const chunk = buf.subarray(0, n);
        const ending = read(chunk);
        if (ending) await end(link, ending);
        else for (let off = 0; off < n;) off += await to.write(chunk.subarray(off));
      }
    } catch { /* the other side, or end(), closed it */ }
    await end(link);
    if (from === link.client) {
      clearTimeout(link.linger);
      closeQuietly(link.client);
    }
  }

  function track(p: Promise<void>) {
    pumps.add(p);
    p.finally(() => pumps.delete(p));
  }

  async function open(client: Deno.TcpConn) {
    const address = client.remoteAddr.hostname;
    const held = perAddress.get(address) ?? 0;
    if (held >= opts.maxPerAddress) {
      addToCounter(shared, "addressFull");
      await client.write(REPLY_429).catch(() => {});
      return await drainThenClose(client);
    }
    perAddress.set(address, held + 1);
    const link: Link = {
      client,
      address,
      stream: new ClientStream(opts, performance.now()),
      ended: false,
    };
    links.add(link);
    sweep ??= setInterval(() => {
      const now = performance.now();
      for (const l of links) {
        if (l.stream.deadline && now > l.stream.deadline) track(end(l, l.stream.overdue()));
      }
    }, tickMs);
    try {
      const upstream = await Deno.connect({ hostname: "127.0.0.1", port: opts.upstreamPort });
      link.upstream = upstream;
      if (link.ended) return upstream.close();
      clients.set(upstream.localAddr.port, client.remoteAddr);
      client.setNoDelay(true);
      upstream.setNoDelay(true);
      track(pump(link, client, upstream, (c) => link.stream.feed(c, performance.now())));
      track(pump(link, upstream, client, (c) => void link.stream.fromServer(c, performance.now())));
    } catch {
      await end(link);
    }
  }

  const accepting = (async () => {
    for (;;) {
      let client: Deno.TcpConn;
      try {
        client = await listener.accept();
      } catch (err) {
        if (err instanceof Deno.errors.BadResource || err instanceof Deno.errors.Interrupted) {
          return;
        }
        // Out of file descriptors and the like: the next accept may work.
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      track(open(client));
    }
  })();

  return {
    addr: listener.addr,
    async stopAccepting() {
      listener.close();
      await accepting;
    },
    async close() {
      await Promise.all([...links].map((l) => end(l)));
      while (pumps.size) await Promise.all([...pumps]);
    },
  };
}
