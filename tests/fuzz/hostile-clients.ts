// The hostile clients of the fuzz's socket and slow-client part, against a server at `origin`
// (host:port): in this process (the suite's short run) or another (deno task fuzz, whose memory
// figure is that process's). Frames are streamed from one small buffer (RawSocket), so no client
// holds what it sends.
import { MAX_CLIENT_FRAME } from "../../server/realtime/protocol.ts";
import { RawSocket, until } from "../realtime/support.ts";

/** What one round of sockets did, added to the run's figures. */
export interface SocketFigures {
  socketsOpened: number;
  socketsRefused: number;
  /** Rounds where more sockets opened than the per-user cap. */
  capBreaches: string[];
  framesSent: number;
  /** Sockets still open after a frame the server must refuse (binary, oversized). */
  socketsKeptOpen: number;
}

export interface HostileFrame {
  /** 0 binary, 1 oversized text, 2 malformed text, 3 a lone surrogate. */
  kind: number;
  size: number;
  /** The socket leaves the server's close frame unanswered (the server cuts it 2 s later). */
  silent: boolean;
}

export interface SocketRound {
  upgrades: number;
  frames: HostileFrame[];
  /** JoinGroup messages each socket sends first. */
  burst: number;
  /** Then text frames at the hub's cap (MAX_CLIENT_FRAME), far past the per-second budget. */
  flood: number;
}

/** The guard's byte cap on a client frame (server/front-door/connection-guard.ts guardLimits). */
export const GUARD_FRAME_BYTES = 3 * MAX_CLIENT_FRAME;
/** How long a refused frame's close may take: the close, or for a silent client the cut after it. */
const CLOSE_WITHIN_MS = 2000;
const CUT_WITHIN_MS = 4500;

const enc = new TextEncoder();
const JOIN = enc.encode(JSON.stringify({ type: "JoinGroup" }));
/** A JoinGroup exactly MAX_CLIENT_FRAME long: read and parsed unless over the frame budget. */
const AT_CAP = (() => {
  const bare = JSON.stringify({ type: "JoinGroup", pad: "" });
  return enc.encode(
    JSON.stringify({ type: "JoinGroup", pad: "x".repeat(MAX_CLIENT_FRAME - bare.length) }),
  );
})();

/** Sends one hostile frame of `kind`; see HostileFrame. */
function sendHostile(socket: RawSocket, kind: number, size: number) {
  switch (kind) {
    case 0:
      return socket.send(2, { size, fill: 0 });
    case 1:
      return socket.send(1, { size: Math.min(size, 8 * 1024 * 1024), fill: 0x78 });
    case 2:
      return socket.send(1, enc.encode("{".repeat(Math.min(size, 4000))));
    default:
      return socket.send(1, enc.encode(JSON.stringify({ type: "JoinGroup", exchange: "\ud800" })));
  }
}

/** Parallel upgrades with one token, then on every opened socket a burst, a flood, a frame. */
export async function socketRound(
  origin: string,
  token: string,
  cap: number,
  r: SocketRound,
  figures: SocketFigures,
) {
  const tried = await Promise.all(
    Array.from(
      { length: r.upgrades },
      (_, i) =>
        RawSocket.open({ origin }, token, { answerClose: !r.frames[i % r.frames.length].silent }),
    ),
  );
  const open = tried.filter((s) => s !== undefined);
  figures.socketsOpened += open.length;
  figures.socketsRefused += tried.length - open.length;
  if (open.length > cap) figures.capBreaches.push(`${r.upgrades} upgrades opened ${open.length}`);
  await Promise.all(open.map(async (socket, i) => {
    const frame = r.frames[i % r.frames.length];
    for (let n = 0; n < r.burst; n++) await socket.send(1, JOIN);
    for (let n = 0; n < r.flood; n++) await socket.send(1, AT_CAP);
    await sendHostile(socket, frame.kind, frame.size);
    figures.framesSent++;
    // A binary or oversized frame closes the socket; the others may leave it open.
    const refused = frame.kind === 0 || (frame.kind === 1 && frame.size > MAX_CLIENT_FRAME);
    const within = frame.silent ? CUT_WITHIN_MS : CLOSE_WITHIN_MS;
    if (refused && !(await socket.closedWithin(within))) figures.socketsKeptOpen++;
    await socket.close();
  }));
}

/**
 * Waits until `cap` sockets open at once with the token: every socket of the rounds is gone on
 * the server and its place given back (a place held by a socket it still kept would refuse one).
 */
export async function placesFreed(origin: string, token: string, cap: number) {
  await until(
    async () => {
      const opened = await Promise.all(
        Array.from({ length: cap }, () => RawSocket.open({ origin }, token)),
      );
      await Promise.all(opened.map((s) => s?.close()));
      return opened.every(Boolean);
    },
    15_000,
    "every socket's place given back",
    200,
  );
}

/**
 * A POST whose declared body comes a byte every `stepMs`: how long until the server answers, and
 * until it closes the connection (-1: never, within `boundMs`).
 */
export async function slowBody(origin: string, stepMs: number, ip: string, boundMs: number) {
  const [hostname, port] = origin.split(":");
  const conn = await Deno.connect({ hostname, port: Number(port) });
  const started = performance.now();
  const head = `POST /api/users/login HTTP/1.1\r\nHost: ${origin}\r\n` +
    `Content-Type: application/json\r\nX-Forwarded-For: ${ip}\r\nContent-Length: 4096\r\n\r\n{`;
  await conn.write(enc.encode(head));
  let answered = -1;
  let closed = -1;
  const reading = (async () => {
    const buf = new Uint8Array(4096);
    try {
      while ((await conn.read(buf)) !== null) answered = performance.now() - started;
    } catch { /* reset */ }
    closed = performance.now() - started;
  })();
  while (closed < 0 && performance.now() - started < boundMs + 1000) {
    await new Promise((r) => setTimeout(r, stepMs));
    await conn.write(enc.encode('"')).catch(() => {});
  }
  conn.close();
  await reading;
  return { answered, closed: closed > boundMs ? -1 : closed };
}

/** Headers a line every `stepMs` that never end: whether the server still holds them at `windowMs`. */
export async function slowHeaders(origin: string, stepMs: number, windowMs: number) {
  const [hostname, port] = origin.split(":");
  const conn = await Deno.connect({ hostname, port: Number(port) });
  let closed = false;
  const reading = conn.read(new Uint8Array(1024)).then(() => closed = true).catch(() =>
    closed = true
  );
  await conn.write(enc.encode(`GET /api/health HTTP/1.1\r\nHost: ${origin}\r\n`));
  const started = performance.now();
  for (let i = 0; !closed && performance.now() - started < windowMs; i++) {
    await new Promise((r) => setTimeout(r, stepMs));
    await conn.write(enc.encode(`X-Slow-${i}: 1\r\n`)).catch(() => closed = true);
  }
  const held = !closed;
  conn.close();
  await reading;
  return held;
}
