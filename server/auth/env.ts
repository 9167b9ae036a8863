// The Hono environment every route shares: the signed-in user and session, set by requireAuth.
import type { SessionUser } from "./sessions.ts";

export interface AppEnv {
  Variables: {
    user: SessionUser;
    token: string;
    ip: string;
    requestId: string;
    /** The Idempotency-Key of an order request, when it has one. */
    idempotencyKey?: string;
  };
}
