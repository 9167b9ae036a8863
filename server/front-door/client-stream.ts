// What a client's bytes are, read as they pass the front door (connection-guard.ts): where each
// part of an HTTP/1.1 request ends and when it is due, then, once the server switched protocols,
// socket frames' sizes. Pure: the relay (relay.ts) feeds it and acts on the endings.

const HEAD = 0, BODY = 1, CHUNK_LINE = 2, CHUNK_DATA = 3, CHUNK_END = 4, TRAILER = 5, FRAMES = 6;
/** Far above any head Deno.serve takes (it answers 431 sooner): only a bound on what is kept. */
const MAX_HEAD = 512 * 1024;
const MAX_LINE = 4096;

const encoder = new TextEncoder();
const latin1 = new TextDecoder("latin1");
const REPLY_408 = encoder.encode(
  "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
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
