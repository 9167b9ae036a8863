// Idempotency-Key on order requests (POST /transaction, POST /transaction/generate-done): a
// retry with the same key gets the first answer and places nothing new, so a client may resend
// after a network error or a 503 without buying twice.
//
// The key is taken (a pending row, per user) before the request runs; the answer is stored once
// it is known. A 5xx answer frees the key: the request did not happen, the retry runs it. A retry
// while the first still runs answers 503 (try again); a pending key older than the request
// deadline (REQUEST_TIMEOUT_MS, past which its statements were cancelled) is taken over. What is
// not covered: a database lost between committing the order and storing its answer leaves the
// key pending, and the retry after the deadline runs the order again.
import type { Context, MiddlewareHandler } from "hono";
import { and, eq, isNull, lt } from "drizzle-orm";
import type { AppEnv } from "../core/env.ts";
import { AppError, badRequest } from "../core/errors.ts";
import { idempotencyKeys } from "../db/schema.ts";
import type { Deps } from "../deps.ts";

const KEY = /^[A-Za-z0-9_.:-]{1,100}$/;
const KEEP_MS = 24 * 3600_000;
const SWEEP_EVERY = 500;

export const IDEMPOTENCY_HEADER = "Idempotency-Key";

export function idempotent(deps: Deps): MiddlewareHandler<AppEnv> {
  let claims = 0;
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined) return await next();
    if (!KEY.test(key)) {
      throw badRequest(
        `${IDEMPOTENCY_HEADER}: 1 to 100 letters, digits, "-", "_", ":" or "."`,
        IDEMPOTENCY_HEADER,
      );
    }
    const userId = c.get("user").id;
    const route = `${c.req.method} ${c.req.path}`;
    if (++claims % SWEEP_EVERY === 0) await sweep(deps);
    const earlier = await claim(deps, userId, key, route);
    if (earlier) return replay(c, earlier);

    await next();
    const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
    if (c.res.status >= 500) {
      await deps.db.delete(idempotencyKeys).where(mine).catch(() => {});
      return;
    }
    const body = await c.res.clone().text();
    await deps.db.update(idempotencyKeys).set({ status: c.res.status, body }).where(mine);
  };
}

type Row = typeof idempotencyKeys.$inferSelect;

/** Takes the key; or the earlier request's row when it has one (answered or still running). */
async function claim(deps: Deps, userId: number, key: string, route: string) {
  const k = idempotencyKeys;
  const now = deps.clock.now();
  const [taken] = await deps.db.insert(k).values({ userId, key, route, createdAt: now })
    .onConflictDoNothing().returning({ key: k.key });
  if (taken) return undefined;
  const mine = and(eq(k.userId, userId), eq(k.key, key));
  const [row] = await deps.db.select().from(k).where(mine);
  if (!row) return await claim(deps, userId, key, route);
  if (row.route !== route) {
    throw badRequest(
      `${IDEMPOTENCY_HEADER}: already used for ${row.route}; send a new key for each request`,
      IDEMPOTENCY_HEADER,
    );
  }
  if (row.status !== null) return row;
  const dead = new Date(now.getTime() - deps.config.REQUEST_TIMEOUT_MS);
  const [takenOver] = await deps.db.update(k).set({ createdAt: now })
    .where(and(mine, isNull(k.status), lt(k.createdAt, dead))).returning({ key: k.key });
  return takenOver ? undefined : row;
}

function replay(c: Context<AppEnv>, row: Row) {
  if (row.status === null) {
    c.header("Retry-After", "1");
    throw new AppError(
      "UNAVAILABLE",
      "Service unavailable: the first request with this Idempotency-Key is still running",
    );
  }
  return c.body(row.body ?? "", row.status as 200, {
    "content-type": "application/json",
    "idempotent-replayed": "true",
  });
}

async function sweep(deps: Deps) {
  const before = new Date(deps.clock.now().getTime() - KEEP_MS);
  await deps.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}
