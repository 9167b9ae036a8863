// Real sockets on 127.0.0.1 against an in-process app: a served test app and a client that queues
// what it receives so tests can await the next message of a type.
import type { ServerMessage } from "../../server/realtime/protocol.ts";
import { type Config, testConfig } from "../../server/config.ts";
import {
  type GuardedServer,
  guardLimits,
  serveGuarded,
} from "../../server/front-door/connection-guard.ts";
import { totpCode } from "../../server/auth/totp.ts";
import type { TestApp, TestUser } from "../support/test-app.ts";

export { until } from "../support/until.ts";

export interface Served {
  origin: string;
  server: GuardedServer;
  socketUrl(token: string): string;
  close(): Promise<void>;
}

/** The app behind the server's own guard (server/front-door/connection-guard.ts), as main.ts serves it. */
export async function serve(
  app: {
    fetch: (
      req: Request,
      info: Deno.ServeHandlerInfo<Deno.NetAddr>,
    ) => Response | Promise<Response>;
  },
  config: Partial<Config> = {},
): Promise<Served> {
  const server = await serveGuarded(
    { port: 0, hostname: "127.0.0.1", ...guardLimits(testConfig(config)) },
    app.fetch,
  );
  const origin = `127.0.0.1:${server.addr.port}`;
  return {
    origin,
    server,
    socketUrl: (token) => `ws://${origin}/api/socket?token=${encodeURIComponent(token)}`,
    close: () => server.shutdown(),
  };
}

type Of<T extends ServerMessage["type"]> = Extract<ServerMessage, { type: T }>;

export class TestSocket {
  readonly received: ServerMessage[] = [];
  #queue: ServerMessage[] = [];
  #waiters: (() => void)[] = [];
  readonly closed: Promise<CloseEvent>;

  private constructor(readonly ws: WebSocket) {
    ws.onmessage = (e) => {
      const msg = JSON.parse(e.data) as ServerMessage;
      this.received.push(msg);
      this.#queue.push(msg);
      this.#waiters.splice(0).forEach((w) => w());
    };
    this.closed = new Promise((resolve) => ws.addEventListener("close", (e) => resolve(e)));
  }

  /**
   * Opens, joins and waits for the `joined` answer (so the hub has the socket registered) and the
   * price snapshot that follows it (the test app always has sim feeds).
   */
  static async join(served: Served, token: string, exchange?: "binance" | "gate") {
    const socket = await TestSocket.open(served.socketUrl(token));
    socket.send({ type: "JoinGroup", exchange });
    await socket.next("joined");
    socket.snapshot = await socket.next("price");
    return socket;
  }

  snapshot?: Of<"price">;

  static open(url: string): Promise<TestSocket> {
    const ws = new WebSocket(url);
    return new Promise((resolve, reject) => {
      ws.onopen = () => resolve(new TestSocket(ws));
      ws.onerror = () => reject(new Error(`Socket refused: ${url.replace(/token=.*/, "token=…")}`));
    });
  }

  send(msg: unknown) {
    this.ws.send(typeof msg === "string" ? msg : JSON.stringify(msg));
  }

  /** The next message (skipping others of no interest is NOT done: order is part of the test). */
  async next<T extends ServerMessage["type"]>(type: T, timeoutMs = 3000): Promise<Of<T>> {
    const msg = await this.#take(timeoutMs);
    if (msg.type !== type) throw new Error(`Expected "${type}", got ${JSON.stringify(msg)}`);
    return msg as Of<T>;
  }

  /** Nothing arrives within `ms`. */
  async nothingFor(ms: number) {
    const msg = await this.#take(ms).catch(() => null);
    if (msg) throw new Error(`Expected silence, got ${JSON.stringify(msg)}`);
  }

  async close() {
    if (this.ws.readyState < WebSocket.CLOSING) this.ws.close();
    await this.closed;
  }

  async #take(timeoutMs: number): Promise<ServerMessage> {
    if (this.#queue.length) return this.#queue.shift()!;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`No message within ${timeoutMs} ms`)), timeoutMs);
    });
    const arrival = new Promise<"message">((resolve) =>
      this.#waiters.push(() => resolve("message"))
    );
    const closed = this.closed.then((e) => e);
    let outcome: "message" | CloseEvent;
    try {
      outcome = await Promise.race([arrival, timeout, closed]);
    } finally {
      clearTimeout(timer);
    }
    if (outcome !== "message" && !this.#queue.length) {
      throw new Error(`Socket closed (${outcome.code} ${outcome.reason})`);
    }
    return this.#queue.shift()!;
  }
}

/** Closes every socket, then the server, then the app: the order Deno's sanitizers need. */
export async function closeAll(t: TestApp, served: Served, sockets: TestSocket[]) {
  await Promise.all(sockets.map((s) => s.close()));
  await served.close();
  await t.close();
}

/** One more session for an existing user (the clock moves to a fresh TOTP step). */
export async function signIn(t: TestApp, u: TestUser, password: string): Promise<string> {
  t.clock.advance(30_000);
  const res = await t.call("POST", "/api/users/login", {
    body: { username: u.username, password, code: await totpCode(u.totpSecret, t.clock.now()) },
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${await res.text()}`);
  return (await res.json()).token;
}

/** The socket handshake by hand: the connection and the answer's status line. */
async function rawUpgrade(served: Pick<Served, "origin">, token: string) {
  const [hostname, port] = served.origin.split(":");
  const conn = await Deno.connect({ hostname, port: Number(port) });
  const key = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const request = `GET /api/socket?token=${token} HTTP/1.1\r\nHost: ${served.origin}\r\n` +
    `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\n` +
    "Sec-WebSocket-Version: 13\r\n\r\n";
  await conn.write(new TextEncoder().encode(request));
  let head = "";
  const buf = new Uint8Array(1024);
  while (!head.includes("\r\n\r\n")) {
    const n = await conn.read(buf).catch(() => null);
    if (n === null) break;
    head += new TextDecoder("latin1").decode(buf.subarray(0, n));
  }
  const end = head.indexOf("\r\n\r\n") + 4;
  const rest = Uint8Array.from(head.slice(end), (c) => c.charCodeAt(0));
  return { conn, status: head.split("\r\n")[0], rest };
}

/**
 * A WebSocket client on a raw TCP connection that completes the handshake and then reads nothing
 * and answers no ping: a stuck or dead client.
 */
export async function stuckClient(served: Served, token: string) {
  const { conn, status } = await rawUpgrade(served, token);
  if (!status.startsWith("HTTP/1.1 101")) {
    conn.close();
    throw new Error(`Handshake refused: ${status}`);
  }
  return { close: () => conn.close() };
}

const STREAMED = 64 * 1024;
const chunks = new Map<number, Uint8Array>();
/** One shared chunk of a byte, so streaming many frames makes no garbage. */
const filled = (byte: number) =>
  chunks.get(byte) ?? chunks.set(byte, new Uint8Array(STREAMED).fill(byte)).get(byte)!;

/**
 * A socket opened by hand, for frames no browser sends: a frame's payload is streamed from one
 * small buffer, never held whole, so what the process holds is the server's doing.
 */
export class RawSocket {
  /** The server's close frame (answered); code 1006 if the connection ended without one. */
  readonly closed: Promise<{ code: number; reason: string }>;
  #ended = false;

  private constructor(readonly conn: Deno.TcpConn, first: Uint8Array, answerClose: boolean) {
    this.closed = this.#read(first, answerClose);
  }

  /**
   * Opens a socket; undefined if the server refused the upgrade. `answerClose: false`: the server's
   * close frame is never answered, and `closed` waits for the connection's end.
   */
  static async open(
    served: Pick<Served, "origin">,
    token: string,
    { answerClose = true } = {},
  ): Promise<RawSocket | undefined> {
    const { conn, status, rest } = await rawUpgrade(served, token);
    if (status.startsWith("HTTP/1.1 101")) return new RawSocket(conn, rest, answerClose);
    conn.close();
  }

  /**
   * Sends one masked frame (with a zero key, so the bytes go as given): `payload`, or `size`
   * bytes of `fill`. False if the server closed before all of it was written.
   */
  async send(opcode: number, payload: Uint8Array | { size: number; fill: number }) {
    const size = payload instanceof Uint8Array ? payload.length : payload.size;
    const head = size < 126
      ? [0x80 | size]
      : size < 65536
      ? [0x80 | 126, size >> 8, size & 255]
      : [0x80 | 127, 0, 0, 0, 0, size >>> 24, size >> 16 & 255, size >> 8 & 255, size & 255];
    try {
      await this.#write(new Uint8Array([0x80 | opcode, ...head, 0, 0, 0, 0]));
      if (payload instanceof Uint8Array) await this.#write(payload);
      else {
        const chunk = filled(payload.fill);
        for (let sent = 0; sent < size && !this.#ended; sent += chunk.length) {
          await this.#write(chunk.subarray(0, Math.min(chunk.length, size - sent)));
        }
      }
      return !this.#ended;
    } catch {
      return false;
    }
  }

  /** The close, if it comes within `ms`. */
  closedWithin(ms: number) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    return Promise.race([
      this.closed,
      new Promise<undefined>((r) => timer = setTimeout(() => r(undefined), ms)),
    ]).finally(() => clearTimeout(timer));
  }

  async close() {
    try {
      this.conn.close();
    } catch { /* closed by the server */ }
    await this.closed;
  }

  async #write(bytes: Uint8Array) {
    for (let off = 0; off < bytes.length;) off += await this.conn.write(bytes.subarray(off));
  }

  /** Reads the server's frames until the connection ends; the close frame's code and reason. */
  async #read(first: Uint8Array, answerClose: boolean) {
    let pending = first;
    let close = { code: 1006, reason: "" };
    const buf = new Uint8Array(STREAMED);
    for (;;) {
      while (pending.length >= 2) {
        const length7 = pending[1] & 127;
        const at = 2 + (length7 === 126 ? 2 : length7 === 127 ? 8 : 0);
        if (pending.length < at) break;
        const size = length7 === 126
          ? pending[2] << 8 | pending[3]
          : length7 === 127
          ? new DataView(pending.buffer, pending.byteOffset + 2, 8).getUint32(4)
          : length7;
        if (pending.length < at + size) break;
        if ((pending[0] & 15) === 8) {
          close = {
            code: size >= 2 ? pending[at] << 8 | pending[at + 1] : 1005,
            reason: new TextDecoder().decode(pending.subarray(at + 2, at + size)),
          };
          if (answerClose) {
            this.#ended = true;
            // Answered as a browser does; the server then ends the connection.
            await this.#write(new Uint8Array([0x88, 0x80, 0, 0, 0, 0])).catch(() => {});
            return close;
          }
        }
        pending = pending.subarray(at + size);
      }
      const n = await this.conn.read(buf).catch(() => null);
      if (n === null) break;
      const next = new Uint8Array(pending.length + n);
      next.set(pending);
      next.set(buf.subarray(0, n), pending.length);
      pending = next;
    }
    this.#ended = true;
    return close;
  }
}
