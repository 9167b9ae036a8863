import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "./env.ts";
import { validate } from "../core/validate.ts";
import { responds } from "../core/route-meta.ts";
import { messageAnswerSchema } from "../core/answer-schema.ts";
import { answer, msg } from "../core/messages.shared.ts";
import type { Deps } from "../deps.ts";
import { toPublicUser } from "./public-user.shared.ts";
import { optionalAuth, requireAuth } from "./middleware.ts";
import {
  changePasswordSchema,
  enrolledSchema,
  forgot2faSchema,
  forgotQuerySchema,
  loginSchema,
  passwordChangedSchema,
  publicUserSchema,
  resetPasswordSchema,
  resetTokenIssuedSchema,
  signedInSchema,
  totpCodeSchema,
  totpSecretSchema,
} from "./schema.ts";
import {
  changePassword,
  confirmTotp,
  forgotPassword,
  forgotTotp,
  generateTotp,
  login,
  resetPassword,
} from "./service.ts";
import { revokeSession } from "./sessions.ts";
import { notifyRevoked } from "./revoke.ts";

export function authRoutes(deps: Deps) {
  const info = (c: { get(k: "ip"): string; req: { header(n: string): string | undefined } }) => ({
    ip: c.get("ip"),
    userAgent: c.req.header("user-agent"),
  });

  const tooMany = "Too many attempts: wait the seconds Retry-After says";
  return new Hono<AppEnv>()
    .post(
      "/users/login",
      responds({ 200: signedInSchema, 401: "Wrong username, password or code", 429: tooMany }),
      validate("json", loginSchema),
      async (c) => {
        return c.json(await login(deps, c.req.valid("json"), info(c)));
      },
    )
    .post(
      "/2fa/generate",
      responds({ 200: totpSecretSchema, 409: "Two-factor sign-in is set up already" }),
      requireAuth(deps, "enroll"),
      async (c) => {
        return c.json(await generateTotp(deps, c.get("user")));
      },
    )
    .post(
      "/2fa/authenticate",
      responds({ 200: enrolledSchema, 409: "Two-factor sign-in is set up already" }),
      requireAuth(deps, "enroll"),
      validate("json", totpCodeSchema),
      async (c) => {
        const { code } = c.req.valid("json");
        return c.json(await confirmTotp(deps, c.get("user"), c.get("token"), code));
      },
    )
    .post(
      "/users/logout",
      responds({ 200: messageAnswerSchema }),
      requireAuth(deps, "enroll"),
      async (c) => {
        await revokeSession(deps.db, c.get("token"), deps.clock.now());
        notifyRevoked(deps, c.get("user").id);
        return c.json(answer(msg("auth.loggedOut")));
      },
    )
    .get(
      "/users/my-profile",
      responds({ 200: publicUserSchema }),
      requireAuth(deps),
      (c) => c.json(toPublicUser(c.get("user"))),
    )
    .post(
      "/users/change-password",
      responds({ 200: passwordChangedSchema }),
      requireAuth(deps),
      validate("json", changePasswordSchema),
      async (c) => c.json(await changePassword(deps, c.get("user"), c.req.valid("json"), info(c))),
    )
    .get(
      "/users/forgot-password",
      responds({
        200: z.union([resetTokenIssuedSchema, messageAnswerSchema]),
        403: "The user's role is above the caller's",
        404: "No such user",
        429: tooMany,
      }),
      optionalAuth(deps),
      validate("query", forgotQuerySchema),
      async (c) =>
        c.json(
          await forgotPassword(
            deps,
            c.get("user") ?? null,
            c.req.valid("query").username,
            c.get("ip"),
          ),
        ),
    )
    .post(
      "/users/reset-password",
      responds({ 200: messageAnswerSchema }),
      validate("json", resetPasswordSchema),
      async (c) => {
        return c.json(await resetPassword(deps, c.req.valid("json")));
      },
    )
    .post(
      "/users/forgot-2fa",
      responds({
        200: messageAnswerSchema,
        403: "The user's role is above the caller's",
        404: "No such user",
        429: tooMany,
      }),
      optionalAuth(deps),
      validate("json", forgot2faSchema),
      async (c) =>
        c.json(await forgotTotp(deps, c.get("user") ?? null, c.req.valid("json"), c.get("ip"))),
    );
}
