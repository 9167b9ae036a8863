// Real sockets on 127.0.0.1 against an in-process app: a served test app and a client that queues
// what it receives so tests can await the next message of a type.
import type { ServerMessage } from "../../server/realtime/protocol.ts";
import { type Config, testConfig } from "../../server/config.ts";
import {
  type GuardedServer,
  guardLimits,
  serveGuarded,
} from "../../server/core/connection-guard.ts";
import { totpCode } from "../../server/auth/totp.ts";
import type { TestApp, TestUser } from "../support/test-app.ts";

export { until } from "../support/until.ts";

export interface Served {
  origin: string;
  server: GuardedServer;
  socketUrl(token: string): string;
  close(): Promise<void>;
}

/** The app behind the server's own guard (server/core/connection-guard.ts), as main.ts serves it. */
export function serve(
  app: {
    fetch: (
      req: Request,
      info: Deno.ServeHandlerInfo<Deno.NetAddr>,
    ) => Response | Promise<Response>;
  },
  config: Partial<Config> = {},
): Served {
  const server = serveGuarded(
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

/**
 * A WebSocket client on a raw TCP connection that completes the handshake and then reads nothing
 * and answers no ping: a stuck or dead client.
 */
export async function stuckClient(served: Served, token: string) {
  const [hostname, port] = served.origin.split(":");
  const conn = await Deno.connect({ hostname, port: Number(port) });
  const key = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const request = `GET /api/socket?token=${token} HTTP/1.1\r\nHost: ${served.origin}\r\n` +
    `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\n` +
    "Sec-WebSocket-Version: 13\r\n\r\n";
  await conn.write(new TextEncoder().encode(request));
  const buf = new Uint8Array(1024);
  const n = await conn.read(buf);
  const head = new TextDecoder().decode(buf.subarray(0, n ?? 0));
  if (!head.startsWith("HTTP/1.1 101")) {
    throw new Error(`Handshake refused: ${head.split("\r\n")[0]}`);
  }
  return { close: () => conn.close() };
}
