// The Hono environment every route shares: the signed-in user and session, set by requireAuth.
import type { SessionUser } from "../auth/sessions.ts";

export interface AppEnv {
  Variables: {
    user: SessionUser;
    token: string;
    ip: string;
    requestId: string;
  };
}
