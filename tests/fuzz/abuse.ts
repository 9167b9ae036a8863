// The fuzz's second half: what a hostile client does below the routes, on a served app (real
// sockets on 127.0.0.1). Seeded, so a failing round is run again by its seed:
// - sockets: parallel upgrades with one token past the per-user cap, then binary frames up to
//   `maxFrameBytes`, oversized text, malformed and rapid messages on every opened socket; the
//   process's RSS after them against before;
// - slow bodies: a declared body trickled a byte at a time must get its answer within the request
//   deadline plus a margin, and its connection closed within the body limit plus the margin (a
//   hang is an answer or a close later than that, or none);
// - slow headers: a request whose headers never end must have its connection closed within the
//   header limit plus the margin (server/front-door/connection-guard.ts);
// - many addresses: guesses at one account from many addresses check no more passwords than one
//   address would, and its owner with the right code still gets in.
import fc from "fast-check";
import { and, count, eq } from "drizzle-orm";
import { auditLog } from "../../server/db/schema.ts";
import { totpCode } from "../../server/auth/totp.ts";
import { makeTestApp, type TestApp } from "../support/test-app.ts";
import { RawSocket, serve, type Served, until } from "../realtime/support.ts";

export interface AbuseFigures {
  rounds: number;
  socketsOpened: number;
  socketsRefused: number;
  /** Rounds where more sockets opened than WS_MAX_PER_USER. */
  capBreaches: string[];
  framesSent: number;
  /** Sockets still open 2 s after a frame the server must refuse (binary, oversized). */
  socketsKeptOpen: number;
  rssIdleMb: number;
  rssAfterMb: number;
  slowBodies: number;
  /** Slow bodies answered or closed past their bounds, or never. */
  slowBodyHangs: string[];
  slowBodyWorstMs: number;
  slowBodyClosedWorstMs: number;
  /** Requests whose headers never ended that the server still held at the window's end. */
  slowHeadersHeld: number;
  slowHeaders: number;
  /** Passwords checked (signin.failed) for guesses from many addresses, and from one. */
  guessesFromManyChecked: number;
  guessesFromOneChecked: number;
  ownerGotIn: boolean;
  ms: number;
}

const CAP = 10;
const REQUEST_TIMEOUT_MS = 3000;
const HEADER_TIMEOUT_MS = 5000;
const BODY_TIMEOUT_MS = 5000;
/** A slow body's answer is due by the deadline plus this (timers, a loaded machine). */
const MARGIN_MS = 3000;

const rssMb = () => Math.round(Deno.memoryUsage().rss / 1024 / 1024);

async function settleMemory() {
  // The engine frees what sockets held on its own schedule; what is still held a few collections
  // later is what counts.
  for (let i = 0; i < 5; i++) {
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((r) => setTimeout(r, 100));
  }
}

const enc = new TextEncoder();
const JOIN = enc.encode(JSON.stringify({ type: "JoinGroup" }));

/** Sends one hostile frame; kinds: binary, oversized text, malformed text, a lone surrogate. */
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

async function socketRound(
  served: Served,
  token: string,
  r: { upgrades: number; frames: { kind: number; size: number }[]; burst: number },
  figures: AbuseFigures,
) {
  // By hand (RawSocket): frames streamed from small buffers, so the RSS figure is the server's.
  const tried = await Promise.all(
    Array.from({ length: r.upgrades }, () => RawSocket.open(served, token)),
  );
  const open = tried.filter((s) => s !== undefined);
  figures.socketsOpened += open.length;
  figures.socketsRefused += tried.length - open.length;
  if (open.length > CAP) figures.capBreaches.push(`${r.upgrades} upgrades opened ${open.length}`);
  await Promise.all(open.map(async (socket, i) => {
    const frame = r.frames[i % r.frames.length];
    for (let n = 0; n < r.burst; n++) await socket.send(1, JOIN);
    await sendHostile(socket, frame.kind, frame.size);
    figures.framesSent++;
    // A binary or oversized frame closes the socket; the others may leave it open.
    const refused = frame.kind === 0 || (frame.kind === 1 && frame.size > 4096);
    if (refused && !(await socket.closedWithin(2000))) figures.socketsKeptOpen++;
    await socket.close();
  }));
}

/**
 * A POST whose declared body comes a byte every `stepMs`: how long until the server answers, and
 * until it closes the connection (-1: never, within the bounds).
 */
async function slowBody(served: Served, stepMs: number, ip: string) {
  const [hostname, port] = served.origin.split(":");
  const conn = await Deno.connect({ hostname, port: Number(port) });
  const started = performance.now();
  const head = `POST /api/users/login HTTP/1.1\r\nHost: ${served.origin}\r\n` +
    `Content-Type: application/json\r\nX-Forwarded-For: ${ip}\r\nContent-Length: 4096\r\n\r\n{`;
  await conn.write(new TextEncoder().encode(head));
  let answered = -1;
  let closed = -1;
  const reading = (async () => {
    const buf = new Uint8Array(4096);
    try {
      while ((await conn.read(buf)) !== null) answered = performance.now() - started;
    } catch { /* reset */ }
    closed = performance.now() - started;
  })();
  const bound = Math.max(REQUEST_TIMEOUT_MS, BODY_TIMEOUT_MS) + MARGIN_MS;
  while (closed < 0 && performance.now() - started < bound + 1000) {
    await new Promise((r) => setTimeout(r, stepMs));
    await conn.write(new TextEncoder().encode('"')).catch(() => {});
  }
  conn.close();
  await reading;
  return { answered, closed: closed > bound ? -1 : closed };
}

/** Headers a line every `stepMs` that never end: whether the server still holds them at `windowMs`. */
async function slowHeaders(served: Served, stepMs: number, windowMs: number) {
  const [hostname, port] = served.origin.split(":");
  const conn = await Deno.connect({ hostname, port: Number(port) });
  const enc = new TextEncoder();
  let closed = false;
  const reading = conn.read(new Uint8Array(1024)).then(() => closed = true).catch(() =>
    closed = true
  );
  await conn.write(enc.encode(`GET /api/health HTTP/1.1\r\nHost: ${served.origin}\r\n`));
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

async function checkedPasswords(t: TestApp, userId: number) {
  const [row] = await t.deps.db.select({ n: count() }).from(auditLog)
    .where(and(eq(auditLog.action, "signin.failed"), eq(auditLog.targetUserId, userId)));
  return row.n;
}

/** `addresses` × `each` wrong guesses at one account; the same number from one address at another. */
async function guesses(t: TestApp, addresses: number, each: number, figures: AbuseFigures) {
  const many = await t.user("User");
  const one = await t.user("User");
  const guess = async (username: string, ip: string) =>
    await (await t.app.request("/api/users/login", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ username, password: "wrong-password", code: "000000" }),
    })).body?.cancel();
  for (let a = 0; a < addresses; a++) {
    for (let g = 0; g < each; g++) {
      await guess(many.username, `10.77.${a >> 8 & 255}.${a & 255}`);
      await guess(one.username, "10.78.0.1");
    }
  }
  figures.guessesFromManyChecked += await checkedPasswords(t, many.id);
  figures.guessesFromOneChecked += await checkedPasswords(t, one.id);
  // The owner, from an address that guessed before, with the right password and a fresh code.
  t.clock.advance(30_000);
  const res = await t.app.request("/api/users/login", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "10.77.0.0" },
    body: JSON.stringify({
      username: many.username,
      password: many.password,
      code: await totpCode(many.totpSecret, t.clock.now()),
    }),
  });
  await res.body?.cancel();
  figures.ownerGotIn &&= res.status === 200;
}

export async function runAbuse(opts: {
  seed: number;
  rounds: number;
  /** The largest binary frame sent (the first round sent 60 MB ones). */
  maxFrameBytes: number;
  slowBodies: number;
  slowHeaders: number;
  /** How long a never-ending header is kept up. */
  slowHeaderWindowMs: number;
  addresses: number;
}): Promise<AbuseFigures> {
  const started = performance.now();
  const t = await makeTestApp({
    TRUST_PROXY: true,
    WS_MAX_PER_USER: CAP,
    WS_MAX_PER_ADDRESS: 1000,
    REQUEST_TIMEOUT_MS,
    HEADER_TIMEOUT_MS,
    BODY_TIMEOUT_MS,
  });
  const served = serve(t.app, t.deps.config);
  const figures: AbuseFigures = {
    rounds: 0,
    socketsOpened: 0,
    socketsRefused: 0,
    capBreaches: [],
    framesSent: 0,
    socketsKeptOpen: 0,
    rssIdleMb: 0,
    rssAfterMb: 0,
    slowBodies: 0,
    slowBodyHangs: [],
    slowBodyWorstMs: 0,
    slowBodyClosedWorstMs: 0,
    slowHeadersHeld: 0,
    slowHeaders: 0,
    guessesFromManyChecked: 0,
    guessesFromOneChecked: 0,
    ownerGotIn: true,
    ms: 0,
  };
  try {
    const u = await t.user("User");
    await settleMemory();
    figures.rssIdleMb = rssMb();
    const rounds = fc.sample(
      fc.record({
        upgrades: fc.integer({ min: 1, max: 3 * CAP }),
        frames: fc.array(
          fc.record({
            kind: fc.integer({ min: 0, max: 3 }),
            size: fc.integer({ min: 1, max: opts.maxFrameBytes }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        burst: fc.integer({ min: 0, max: 60 }),
      }),
      { numRuns: opts.rounds, seed: opts.seed },
    );
    for (const r of rounds) {
      await socketRound(served, u.token, r, figures);
      figures.rounds++;
    }
    await until(() => t.deps.realtime!.hub.connections.all.size === 0, 10_000, "sockets to close");
    await settleMemory();
    figures.rssAfterMb = rssMb();

    const steps = fc.sample(fc.integer({ min: 50, max: 400 }), {
      numRuns: opts.slowBodies,
      seed: opts.seed + 1,
    });
    await Promise.all(steps.map(async (stepMs, i) => {
      const { answered, closed } = await slowBody(
        served,
        stepMs,
        `10.66.${i >> 8 & 255}.${i & 255}`,
      );
      figures.slowBodies++;
      figures.slowBodyWorstMs = Math.max(figures.slowBodyWorstMs, Math.round(answered));
      figures.slowBodyClosedWorstMs = Math.max(figures.slowBodyClosedWorstMs, Math.round(closed));
      if (answered < 0 || answered > REQUEST_TIMEOUT_MS + MARGIN_MS) {
        const said = answered < 0 ? "no answer" : Math.round(answered);
        figures.slowBodyHangs.push(`a byte every ${stepMs} ms: ${said}`);
      }
      if (closed < 0) figures.slowBodyHangs.push(`a byte every ${stepMs} ms: never closed`);
    }));
    const held = await Promise.all(
      Array.from(
        { length: opts.slowHeaders },
        () => slowHeaders(served, 200, opts.slowHeaderWindowMs),
      ),
    );
    figures.slowHeaders = held.length;
    figures.slowHeadersHeld = held.filter(Boolean).length;

    await guesses(t, opts.addresses, 3, figures);
  } finally {
    await served.close();
    await t.close();
  }
  figures.ms = performance.now() - started;
  return figures;
}
