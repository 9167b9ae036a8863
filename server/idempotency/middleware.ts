// Idempotency-Key on order requests (POST /transaction, POST /transaction/generate-done): a
// retry with the same key gets the first answer and places nothing new, so a client may resend
// after a network error or a 503 without buying twice.
//
// The key is taken (a pending row, per user) before the request runs, and its answer stored once
// known. The order's rows carry the key too, so what happened can be read back when the answer
// was lost (the database or the process died between the commit and storing the answer):
// - a 5xx answer frees the key only when no row carries it (then nothing happened);
// - a retry while the key is pending answers 409 with Retry-After (Stripe's answer to a concurrent
//   duplicate); once the first try is surely over
//   (twice REQUEST_TIMEOUT_MS, past which its statements were cancelled) the retry takes the key
//   over, answers from the rows when there are some, and runs the request again when there are
//   none.
// A key is for one request: the same key with another body (a SELL after a BUY) is a 422 naming
// it, never the first answer replayed (Stripe compares the parameters the same way). The body's
// hash is kept after the route in the key's `route` text.
import type { Context, MiddlewareHandler } from "hono";
import { and, eq, isNull, lt } from "drizzle-orm";
import type { AppEnv } from "../auth/env.ts";
import { AppError, badRequest } from "../core/errors.ts";
import { sha256Hex } from "../core/hex.ts";
import { msg } from "../core/messages.shared.ts";
import { idempotencyKeys } from "../db/schema.ts";
import type { Deps } from "../deps.ts";

type IdempotencyDeps = Pick<Deps, "clock" | "config" | "db">;

const KEY = /^[A-Za-z0-9_.:-]{1,100}$/;
const KEEP_MS = 24 * 3600_000;
const SWEEP_EVERY = 500;

export const IDEMPOTENCY_HEADER = "Idempotency-Key";

export interface Answer {
  status: number;
  body: string;
}

/** What the request did, read back from the rows that carry its key; undefined: nothing. */
export type Recover = (
  deps: IdempotencyDeps,
  userId: number,
  key: string,
) => Promise<Answer | undefined>;

const nothing: Recover = () => Promise.resolve(undefined);

export function idempotent(
  deps: IdempotencyDeps,
  recover: Recover = nothing,
): MiddlewareHandler<AppEnv> {
  let claims = 0;
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined) return await next();
    if (!KEY.test(key)) {
      throw badRequest(
        msg("idempotency.badKey", { header: IDEMPOTENCY_HEADER }),
        IDEMPOTENCY_HEADER,
      );
    }
    const userId = c.get("user").id;
    const request = {
      route: `${c.req.method} ${c.req.path}`,
      bodyHash: await sha256Hex(await c.req.text()),
    };
    if (++claims % SWEEP_EVERY === 0) await sweep(deps);
    const claim = await claimKey(deps, userId, key, request);
    const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
    const store = (answer: Answer) =>
      deps.db.update(idempotencyKeys).set(answer).where(mine).then(() => answer);
    if (claim.kind === "answered") return replay(c, claim.answer);
    if (claim.kind === "running") return replay(c);
    if (claim.kind === "taken over") {
      const earlier = await recover(deps, userId, key);
      if (earlier) return replay(c, await store(earlier));
    }

    c.set("idempotencyKey", key);
    await next();
    if (c.res.status < 500) {
      await store({ status: c.res.status, body: await c.res.clone().text() }).catch(() => {});
      return;
    }
    // A failure may still have committed the order: free the key only when no row carries it.
    // Unreadable (the database is down): the key stays pending until a retry takes it over.
    try {
      const happened = await recover(deps, userId, key);
      if (happened) await store(happened);
      else await deps.db.delete(idempotencyKeys).where(mine);
    } catch { /* left pending */ }
  };
}

type Claim =
  | { kind: "new" | "taken over" | "running" }
  | { kind: "answered"; answer: Answer };

/** The request a key was first used for: its route, and its body's SHA-256. */
interface KeyedRequest {
  route: string;
  bodyHash: string;
}

// Stored as one text, "POST /api/transaction <hash>"; a key stored before the hash was kept has
// none, and is compared by route only.
const stored = (r: KeyedRequest) => `${r.route} ${r.bodyHash}`;
function parseStored(text: string): { route: string; bodyHash?: string } {
  const [method, path, bodyHash] = text.split(" ");
  return { route: `${method} ${path}`, bodyHash };
}

async function claimKey(
  deps: IdempotencyDeps,
  userId: number,
  key: string,
  request: KeyedRequest,
): Promise<Claim> {
  const k = idempotencyKeys;
  const now = deps.clock.now();
  const [taken] = await deps.db.insert(k)
    .values({ userId, key, route: stored(request), createdAt: now })
    .onConflictDoNothing().returning({ key: k.key });
  if (taken) return { kind: "new" };
  const mine = and(eq(k.userId, userId), eq(k.key, key));
  const [row] = await deps.db.select().from(k).where(mine);
  if (!row) return await claimKey(deps, userId, key, request);
  const first = parseStored(row.route);
  if (first.route !== request.route) {
    throw badRequest(
      msg("idempotency.reused", { header: IDEMPOTENCY_HEADER, route: first.route }),
      IDEMPOTENCY_HEADER,
    );
  }
  if (first.bodyHash !== undefined && first.bodyHash !== request.bodyHash) {
    throw new AppError(
      "UNPROCESSABLE",
      msg("idempotency.bodyChanged", { header: IDEMPOTENCY_HEADER, key }),
      IDEMPOTENCY_HEADER,
    );
  }
  if (row.status !== null) {
    return { kind: "answered", answer: { status: row.status, body: row.body ?? "" } };
  }
  const over = new Date(now.getTime() - 2 * deps.config.REQUEST_TIMEOUT_MS);
  const [takenOver] = await deps.db.update(k).set({ createdAt: now })
    .where(and(mine, isNull(k.status), lt(k.createdAt, over))).returning({ key: k.key });
  return { kind: takenOver ? "taken over" : "running" };
}

function replay(c: Context<AppEnv>, answer?: Answer) {
  if (!answer) {
    throw new AppError("CONFLICT", msg("idempotency.running"), IDEMPOTENCY_HEADER, 1);
  }
  return c.body(answer.body, answer.status as 200, {
    "content-type": "application/json",
    "idempotent-replayed": "true",
  });
}

async function sweep(deps: Pick<Deps, "clock" | "db">) {
  const before = new Date(deps.clock.now().getTime() - KEEP_MS);
  await deps.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}
