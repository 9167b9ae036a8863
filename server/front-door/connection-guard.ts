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
// The relay runs in a worker (relay.ts): on the app's thread its reads and writes of each request
// cost about a tenth of the server's CPU, and its turns of the event loop delayed the requests
// queued behind them.

import type { Config } from "../config.ts";
import { MAX_CLIENT_FRAME } from "../realtime/protocol.ts";
import type { FromRelay, ToRelay } from "./relay-worker.ts";
import { ClientAddresses, type Counters, readCounters, sharedBuffers } from "./shared-state.ts";

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
  readonly counters: Counters;
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

/** Serves `handler` behind the guard on `hostname:port`, once the relay listens there. */
export async function serveGuarded(opts: GuardOptions, handler: Handler): Promise<GuardedServer> {
  const shared = sharedBuffers();
  const clients = new ClientAddresses(shared);
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
  const worker = new Worker(new URL("./relay-worker.ts", import.meta.url).href, {
    type: "module",
  });
  const answers: ((answer: FromRelay) => void)[] = [];
  worker.onmessage = ({ data }: MessageEvent<FromRelay>) => answers.shift()?.(data);
  const ask = (message: ToRelay) =>
    new Promise<FromRelay>((resolve) => {
      answers.push(resolve);
      worker.postMessage(message);
    });

  const { onListen, ...limits } = opts;
  const started = await ask({
    type: "start",
    options: { ...limits, upstreamPort: inner.addr.port },
    shared,
  });
  if (started.type !== "listening") {
    worker.terminate();
    await inner.shutdown();
    const failed = started as Extract<FromRelay, { type: "failed" }>;
    throw Object.assign(new Error(failed.message), { name: failed.name });
  }
  onListen?.(started.addr);
  return {
    addr: started.addr,
    counters: readCounters(shared),
    async shutdown() {
      await ask({ type: "stop-accepting" });
      await inner.shutdown();
      await ask({ type: "close" });
      worker.terminate();
    },
  };
}
