// The fuzz's second half: what a hostile client does below the routes, on real sockets. Seeded, so
// a failing round is run again by its seed:
// - sockets (tests/fuzz/hostile-clients.ts): parallel upgrades with one token past the per-user
//   cap, then JoinGroup bursts, floods of text frames at the hub's cap, binary and text frames up
//   to `maxFrameBytes` and at the guard's cap, malformed and lone-surrogate text, and clients that
//   leave the server's close frame unanswered;
// - slow bodies: a declared body trickled a byte at a time must get its answer within the request
//   deadline plus a margin, and its connection closed within the body limit plus the margin (a
//   hang is an answer or a close later than that, or none);
// - slow headers: a request whose headers never end must have its connection closed within the
//   header limit plus the margin (server/front-door/connection-guard.ts);
// - many addresses: guesses at one account from many addresses check no more passwords than one
//   address would, and its owner with the right code still gets in.
// Sockets and slow clients go to the in-process app, or to `server`, a server process
// (tests/fuzz/abused-server.ts) whose resident memory is read at idle, at its peak and after.
import fc from "fast-check";
import { and, count, eq } from "drizzle-orm";
import { auditLog } from "../../server/db/schema.ts";
import { totpCode } from "../../server/auth/totp.ts";
import { makeTestApp, type TestApp } from "../support/test-app.ts";
import { serve } from "../realtime/support.ts";
import type { AbusedServer } from "./abused-server.ts";
import {
  GUARD_FRAME_BYTES,
  placesFreed,
  slowBody,
  slowHeaders,
  type SocketFigures,
  type SocketRound,
  socketRound,
} from "./hostile-clients.ts";
import { settledRss } from "../support/settled-rss.ts";

export interface AbuseFigures extends SocketFigures {
  rounds: number;
  /** The server process's resident memory (MB): idle after a warm-up, peak, after the abuse. */
  rss?: { idle: number; peak: number; after: number };
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

/** The limits the abuse is checked against; a server process is started with them. */
export const ABUSE_LIMITS = {
  TRUST_PROXY: true,
  WS_MAX_PER_USER: 10,
  WS_MAX_PER_ADDRESS: 1000,
  REQUEST_TIMEOUT_MS: 3000,
  ORDER_ANSWER_MS: 2000,
  HEADER_TIMEOUT_MS: 5000,
  BODY_TIMEOUT_MS: 5000,
};
const CAP = ABUSE_LIMITS.WS_MAX_PER_USER;
/** A slow body's answer is due by the deadline plus this (timers, a loaded machine). */
const MARGIN_MS = 3000;

/** One round of every kind, small, before the idle figure: code and pools the abuse warms. */
const WARM_UP: SocketRound = {
  upgrades: CAP + 2,
  frames: [0, 1, 2, 3].map((kind) => ({ kind, size: GUARD_FRAME_BYTES, silent: kind === 0 })),
  burst: 3,
  flood: 3,
};

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
  /** The largest frame sent (the first round sent 60 MB ones). */
  maxFrameBytes: number;
  slowBodies: number;
  slowHeaders: number;
  /** How long a never-ending header is kept up. */
  slowHeaderWindowMs: number;
  addresses: number;
  /** Where sockets and slow clients go; default the in-process app, served. */
  server?: AbusedServer;
}): Promise<AbuseFigures> {
  const started = performance.now();
  const t = await makeTestApp(ABUSE_LIMITS);
  const served = opts.server ? undefined : await serve(t.app, t.deps.config);
  const figures: AbuseFigures = {
    rounds: 0,
    socketsOpened: 0,
    socketsRefused: 0,
    capBreaches: [],
    framesSent: 0,
    socketsKeptOpen: 0,
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
  let sampler: ReturnType<typeof setInterval> | undefined;
  try {
    const origin = opts.server?.origin ?? served!.origin;
    const token = opts.server?.token ?? (await t.user("User")).token;
    const rounds = fc.sample(
      fc.record({
        upgrades: fc.integer({ min: 1, max: 3 * CAP }),
        frames: fc.array(
          fc.record({
            kind: fc.integer({ min: 0, max: 3 }),
            size: fc.oneof(
              fc.integer({ min: 1, max: opts.maxFrameBytes }),
              fc.constantFrom(GUARD_FRAME_BYTES, GUARD_FRAME_BYTES + 1),
            ),
            silent: fc.boolean(),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        burst: fc.integer({ min: 0, max: 60 }),
        flood: fc.integer({ min: 0, max: 100 }),
      }),
      { numRuns: opts.rounds, seed: opts.seed },
    );
    const rssMb = opts.server?.rssMb;
    let idle = 0, peak = 0;
    if (rssMb) {
      await socketRound(origin, token, CAP, WARM_UP, { ...figures, capBreaches: [] });
      await placesFreed(origin, token, CAP);
      peak = idle = await settledRss(rssMb);
      sampler = setInterval(() => peak = Math.max(peak, rssMb()), 20);
    }
    for (const r of rounds) {
      await socketRound(origin, token, CAP, r, figures);
      figures.rounds++;
    }

    const steps = fc.sample(fc.integer({ min: 50, max: 400 }), {
      numRuns: opts.slowBodies,
      seed: opts.seed + 1,
    });
    const bound = Math.max(ABUSE_LIMITS.REQUEST_TIMEOUT_MS, ABUSE_LIMITS.BODY_TIMEOUT_MS) +
      MARGIN_MS;
    await Promise.all(steps.map(async (stepMs, i) => {
      const ip = `10.66.${i >> 8 & 255}.${i & 255}`;
      const { answered, closed } = await slowBody(origin, stepMs, ip, bound);
      figures.slowBodies++;
      figures.slowBodyWorstMs = Math.max(figures.slowBodyWorstMs, Math.round(answered));
      figures.slowBodyClosedWorstMs = Math.max(figures.slowBodyClosedWorstMs, Math.round(closed));
      if (answered < 0 || answered > ABUSE_LIMITS.REQUEST_TIMEOUT_MS + MARGIN_MS) {
        const said = answered < 0 ? "no answer" : Math.round(answered);
        figures.slowBodyHangs.push(`a byte every ${stepMs} ms: ${said}`);
      }
      if (closed < 0) figures.slowBodyHangs.push(`a byte every ${stepMs} ms: never closed`);
    }));
    const held = await Promise.all(
      Array.from(
        { length: opts.slowHeaders },
        () => slowHeaders(origin, 200, opts.slowHeaderWindowMs),
      ),
    );
    figures.slowHeaders = held.length;
    figures.slowHeadersHeld = held.filter(Boolean).length;
    await placesFreed(origin, token, CAP);
    if (rssMb) {
      clearInterval(sampler);
      peak = Math.round(Math.max(peak, rssMb()));
      figures.rss = { idle, peak, after: await settledRss(rssMb) };
    }

    await guesses(t, opts.addresses, 3, figures);
  } finally {
    clearInterval(sampler);
    await served?.close();
    await t.close();
  }
  figures.ms = performance.now() - started;
  return figures;
}
