// The server's own front door (docs/configuration.md#slow-clients). Deno.serve (Deno 2.9) has no
// header or body read time limit, no hook on accepted connections, and reads a socket frame whole
// (up to 64 MiB) before the app sees it. So the server listens itself and hands each connection's
// bytes to Deno.serve on a loopback port, reading what the client sends as it passes:
// - a request's head must end within `headerTimeoutMs` of its first byte (of the connection's
//   opening, for the first request), its body within `bodyTimeoutMs` of the head; past either the
//   connection is closed (a body still unanswered gets 408 first);
// - one address holds at most `maxPerAddress` connections, sockets included (429, then closed);
// - on an upgraded socket, a client frame (or a message's fragments together) over
//   `maxFrameBytes` closes it with 1009 as soon as its length is read: the frame is never held;
//   a client that leaves the server's close frame unanswered is cut after CLOSE_ANSWER_MS (Deno
//   would wait for the answer forever, holding the socket's places).
// The app sees the client's own address: the loopback connection's port maps to it.

import type { Config } from "../config.ts";
import { MAX_CLIENT_FRAME } from "../realtime/protocol.ts";

export interface GuardOptions {
  hostname: string;
  port: number;
  headerTimeoutMs: number;
  bodyTimeoutMs: number;
  maxPerAddress: number;
  maxFrameBytes: number;
  onListen?: (addr: Deno.NetAddr) => void;
}

export interface GuardedServer {
  readonly addr: Deno.NetAddr;
  readonly counters: {
    headerTimeouts: number;
    bodyTimeouts: number;
    framesTooBig: number;
    closesUnanswered: number;
    addressFull: number;
  };
  /** Stops accepting, lets Deno.serve finish what is in flight, then closes what is left. */
  shutdown(): Promise<void>;
}

/** The guard's limits from the configuration. */
export function guardLimits(config: Config) {
  return {
    headerTimeoutMs: config.HEADER_TIMEOUT_MS,
    bodyTimeoutMs: config.BODY_TIMEOUT_MS,
    // Behind a trusted proxy every connection comes from its address: the proxy counts instead.
    maxPerAddress: config.TRUST_PROXY ? Infinity : config.MAX_CONNECTIONS_PER_ADDRESS,
    // The hub's cap counts UTF-16 units; a unit is at most 3 bytes of UTF-8 on the wire.
    maxFrameBytes: 3 * MAX_CLIENT_FRAME,
  };
}

type Handler = (
  req: Request,
  info: Deno.ServeHandlerInfo<Deno.NetAddr>,
) => Response | Promise<Response>;

const HEAD = 0, BODY = 1, CHUNK_LINE = 2, CHUNK_DATA = 3, CHUNK_END = 4, TRAILER = 5, FRAMES = 6;
/** Far above any head Deno.serve takes (it answers 431 sooner): only a bound on what is kept. */
const MAX_HEAD = 512 * 1024;
const MAX_LINE = 4096;
const BUFFER = 16 * 1024;
/** How long a client may go on sending after a reply that ends its connection. */
const LINGER_MS = 2000;

const encoder = new TextEncoder();
const latin1 = new TextDecoder("latin1");
const REPLY_408 = encoder.encode(
  "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
);
const REPLY_429 = encoder.encode(
  "HTTP/1.1 429 Too Many Requests\r\nRetry-After: 10\r\nConnection: close\r\n" +
    "Content-Length: 0\r\n\r\n",
);
/** A server close frame: 1009 (too big), its reason the message code the client words. */
const CLOSE_TOO_BIG = (() => {
  const reason = encoder.encode("socket.frameTooLarge");
  return new Uint8Array([0x88, 2 + reason.length, 1009 >> 8, 1009 & 255, ...reason]);
})();
const SWITCHING = encoder.encode("HTTP/1.1 101");

export type Ending = {
  why: "head" | "body" | "frame" | "close" | "malformed";
  reply?: Uint8Array;
};

/** How long a client may take to answer the server's close frame; then the connection is cut. */
const CLOSE_ANSWER_MS = 2000;

/** A socket frame's head: its opcode, whether it ends its message, and its payload's size. */
interface FrameHead {
  opcode: number;
  fin: boolean;
  size: number;
}

/** Reads socket frames' heads as their bytes pass, in one direction; payloads are only counted. */
class FrameReader {
  #head = new Uint8Array(14);
  #have = 0;
  #left = 0;

  /** Reads from `chunk` at `i` to the end of a payload, of a frame's head, or of the chunk. */
  step(chunk: Uint8Array, i: number): { next: number; head?: FrameHead } {
    if (this.#left > 0) {
      const take = Math.min(this.#left, chunk.length - i);
      this.#left -= take;
      return { next: i + take };
    }
    const h = this.#head;
    h[this.#have++] = chunk[i];
    if (this.#have < 2) return { next: i + 1 };
    const length7 = h[1] & 127;
    const need = 2 + (length7 === 126 ? 2 : length7 === 127 ? 8 : 0) + (h[1] & 128 ? 4 : 0);
    if (this.#have < need) return { next: i + 1 };
    this.#have = 0;
    const size = length7 === 126
      ? h[2] << 8 | h[3]
      : length7 === 127
      ? (h[2] << 24 | h[3] << 16 | h[4] << 8 | h[5]) * 2 ** 32 +
        ((h[6] << 24 | h[7] << 16 | h[8] << 8 | h[9]) >>> 0)
      : length7;
    this.#left = size;
    return { next: i + 1, head: { opcode: h[0] & 15, fin: (h[0] & 128) !== 0, size } };
  }
}

/** Index just past the first CRLFCRLF at or after `from`, or -1. */
function headEnd(buf: Uint8Array, from: number): number {
  for (let i = buf.indexOf(13, from); i >= 0 && i + 3 < buf.length; i = buf.indexOf(13, i + 1)) {
    if (buf[i + 1] === 10 && buf[i + 2] === 13 && buf[i + 3] === 10) return i + 4;
  }
  return -1;
}

/**
 * What a client's bytes are: HTTP/1.1 requests (heads, bodies by length or in chunks), then, once
 * the server switched protocols, socket frames. It tracks only where each part ends and when it
 * is due; Deno.serve parses the requests for the app.
 */
export class ClientStream {
  state = HEAD;
  /** When the part being read is due (performance.now()); 0: none is being read. */
  deadline: number;
  /** The server sent bytes since the current head ended (a body past its limit gets no 408). */
  answered = false;
  #upgrading = false;
  #head: Uint8Array | null = null;
  #left = 0;
  #line = "";
  #clientFrames = new FrameReader();
  #serverFrames = new FrameReader();
  #message = 0;

  constructor(
    private readonly limits: {
      headerTimeoutMs: number;
      bodyTimeoutMs: number;
      maxFrameBytes: number;
    },
    now: number,
  ) {
    this.deadline = now + limits.headerTimeoutMs;
  }

  /** A chunk from the client; an ending if the connection must close instead of passing it. */
  feed(chunk: Uint8Array, now: number): Ending | undefined {
    let i = 0;
    while (i < chunk.length) {
      switch (this.state) {
        case HEAD: {
          if (this.deadline === 0) this.deadline = now + this.limits.headerTimeoutMs;
          const part = chunk.subarray(i);
          const kept = this.#head;
          const buf = kept ? concat(kept, part) : part;
          const end = headEnd(buf, kept ? Math.max(0, kept.length - 3) : 0);
          if (end < 0) {
            if (buf.length > MAX_HEAD) return { why: "malformed" };
            // The pump reuses its buffer: what is kept is copied.
            this.#head = kept ? buf : part.slice();
            return;
          }
          this.#head = null;
          i += end - (kept?.length ?? 0);
          const ending = this.#headRead(latin1.decode(buf.subarray(0, end)), now);
          if (ending) return ending;
          break;
        }
        case BODY:
        case CHUNK_DATA:
        case CHUNK_END: {
          const take = Math.min(this.#left, chunk.length - i);
          i += take;
          this.#left -= take;
          if (this.#left > 0) break;
          if (this.state === CHUNK_DATA) [this.state, this.#left] = [CHUNK_END, 2];
          else if (this.state === CHUNK_END) this.state = CHUNK_LINE;
          else this.#requestRead();
          break;
        }
        case CHUNK_LINE:
        case TRAILER: {
          const nl = chunk.indexOf(10, i);
          const stop = nl < 0 ? chunk.length : nl;
          this.#line += latin1.decode(chunk.subarray(i, stop));
          if (this.#line.length > MAX_LINE) return { why: "malformed" };
          i = stop + 1;
          if (nl < 0) break;
          const line = this.#line.trim();
          this.#line = "";
          if (this.state === TRAILER) {
            if (line === "") this.#requestRead();
            break;
          }
          const size = parseInt(line.split(";")[0], 16);
          if (!Number.isFinite(size) || size < 0) return { why: "malformed" };
          if (size === 0) this.state = TRAILER;
          else [this.state, this.#left] = [CHUNK_DATA, size];
          break;
        }
        case FRAMES: {
          const { next, head } = this.#clientFrames.step(chunk, i);
          i = next;
          // Control frames (close, ping, pong) are at most 125 bytes and apart from messages.
          if (!head || head.opcode >= 8) break;
          this.#message = (head.opcode === 0 ? this.#message : 0) + head.size;
          if (this.#message > this.limits.maxFrameBytes) {
            return { why: "frame", reply: CLOSE_TOO_BIG };
          }
          if (head.fin) this.#message = 0;
          break;
        }
      }
    }
  }

  /** A chunk of the server's answer. */
  fromServer(chunk: Uint8Array, now: number) {
    this.answered = true;
    let i = chunk.length;
    if (this.#upgrading) {
      this.#upgrading = false;
      if (!SWITCHING.every((b, i) => chunk[i] === b)) return;
      [this.state, this.deadline] = [FRAMES, 0];
      i = headEnd(chunk, 0);
      if (i < 0) i = chunk.length;
    } else if (this.state === FRAMES) i = 0;
    // Deno waits for the client's answer to its close frame, however long: the client gets a while.
    while (i < chunk.length) {
      const { next, head } = this.#serverFrames.step(chunk, i);
      i = next;
      if (head?.opcode === 8 && this.deadline === 0) this.deadline = now + CLOSE_ANSWER_MS;
    }
  }

  /** What ends a connection whose deadline passed. */
  overdue(): Ending {
    if (this.state === FRAMES) return { why: "close" };
    return this.state === HEAD
      ? { why: "head" }
      : { why: "body", reply: this.answered ? undefined : REPLY_408 };
  }

  #headRead(head: string, now: number): Ending | undefined {
    // HTTP/2 without TLS: its frames could not be watched (no browser speaks it).
    if (head.startsWith("PRI * HTTP/2")) return { why: "malformed" };
    this.answered = false;
    this.#upgrading = /\r\nupgrade:/i.test(head);
    if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) {
      [this.state, this.deadline] = [CHUNK_LINE, now + this.limits.bodyTimeoutMs];
      return;
    }
    const length = Number(/\r\ncontent-length:[ \t]*(\d+)/i.exec(head)?.[1] ?? 0);
    if (length > 0) {
      [this.state, this.#left, this.deadline] = [BODY, length, now + this.limits.bodyTimeoutMs];
    } else this.#requestRead();
  }

  #requestRead() {
    [this.state, this.deadline] = [HEAD, 0];
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

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

/** Serves `handler` behind the guard on `hostname:port`. */
export function serveGuarded(opts: GuardOptions, handler: Handler): GuardedServer {
  const links = new Set<Link>();
  const perAddress = new Map<string, number>();
  /** The loopback connection's local port → the client's address, for the app. */
  const clients = new Map<number, Deno.NetAddr>();
  const pumps = new Set<Promise<void>>();
  const counters = {
    headerTimeouts: 0,
    bodyTimeouts: 0,
    framesTooBig: 0,
    closesUnanswered: 0,
    addressFull: 0,
  };

  const inner = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (req, info) => {
      const remoteAddr = clients.get(info.remoteAddr.port) ?? info.remoteAddr;
      return handler(req, {
        remoteAddr,
        get completed() {
          return info.completed;
        },
      });
    },
  );
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
    if (ending?.why === "head") counters.headerTimeouts++;
    if (ending?.why === "body") counters.bodyTimeouts++;
    if (ending?.why === "frame") counters.framesTooBig++;
    if (ending?.why === "close") counters.closesUnanswered++;
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
      counters.addressFull++;
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
      const upstream = await Deno.connect({ hostname: "127.0.0.1", port: inner.addr.port });
      link.upstream = upstream;
      clients.set(upstream.localAddr.port, client.remoteAddr);
      if (link.ended) return upstream.close();
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

  const addr = listener.addr;
  opts.onListen?.(addr);
  return {
    addr,
    counters,
    async shutdown() {
      listener.close();
      await accepting;
      await inner.shutdown();
      await Promise.all([...links].map((l) => end(l)));
      while (pumps.size) await Promise.all([...pumps]);
    },
  };
}
