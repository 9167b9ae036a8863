// Sign-in, TOTP enrolment, password change and resets. No HTTP here.
import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { z } from "zod";
import { recordAudit } from "../audit/record.ts";
import { AppError, badRequest, conflict, unauthorized } from "../core/errors.ts";
import { randomHex, sha256Hex } from "../core/hex.ts";
import { afterAnswer } from "../core/after-answer.ts";
import { resetTokens, users } from "../db/schema.ts";
import type { Db } from "../db/client.ts";
import type { Deps } from "../deps.ts";
import { findLiveUserById, findLiveUserByUsername } from "./find-user.ts";
import { toPublicUser } from "./public-user.shared.ts";
import { revokeAndNotify, type RevokeDeps } from "./revoke.ts";
import { can, canActOn } from "./roles.shared.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import type {
  changePasswordSchema,
  forgot2faSchema,
  loginSchema,
  resetPasswordSchema,
} from "./schema.ts";
import { createSession, type SessionInfo, type SessionUser, upgradeSession } from "./sessions.ts";
import { succeeded, takeTurn } from "./throttle.ts";
import { checkTotp, newTotpSecret, totpQrDataUrl, totpUri } from "./totp.ts";
import { userChanged } from "./user-changed.ts";
import { answer, msg } from "../core/messages.shared.ts";
import type { AuditAction } from "../audit/actions.shared.ts";

const RESET_TTL_MS = 24 * 3600_000;

/** What checking a TOTP code reads and writes. */
type TotpDeps = Pick<Deps, "clock" | "db" | "onUserChanged" | "secretBox" | "sessionCache">;
/** What setting a password reads: hashing it, then ending the user's sessions. */
export type PasswordDeps = RevokeDeps & Pick<Deps, "passwordCost">;

let dummyHash: Promise<string> | undefined;
/** Verifying against a throwaway hash keeps unknown usernames as slow as wrong passwords. */
const timingDummy = (
  deps: Pick<Deps, "passwordCost">,
) => (dummyHash ??= hashPassword(randomHex(8), deps.passwordCost));

export async function login(
  deps: TotpDeps & Pick<Deps, "config" | "passwordCost">,
  input: z.infer<typeof loginSchema>,
  info: SessionInfo,
) {
  const { db, clock, config } = deps;
  const now = clock.now();
  const ip = info.ip ?? "unknown";
  const attempt = { username: input.username, ip };
  const turn = await takeTurn(db, "login", input.username, ip, now);
  if (!turn.allowed) {
    await recordAudit(db, {
      actorId: null,
      action: "signin.throttled",
      details: { ...attempt, by: turn.by },
      at: now,
    });
    throw tooManyAttempts(turn.retryAfterMs);
  }
  const { proofOnlyMs } = turn;
  const user = await findLiveUserByUsername(db, input.username);
  const passwordOk = user
    ? await verifyPassword(input.password, user.passwordHash)
    : (await verifyPassword(input.password, await timingDummy(deps)), false);
  if (!user || !passwordOk) return fail(user ? "password" : "username");

  if (!user.totpEnabled) {
    // Without a second factor there is no whole proof to pass an account's wait with.
    if (proofOnlyMs) return fail("password");
    await signedIn("enroll");
    const token = await createSession(db, user.id, "enroll", now, 1, info);
    return { ...toPublicUser(user), token, generateSecret: true as const };
  }
  const step = await acceptTotp(deps, user, input.code ?? "");
  if (step === null) return fail("code");
  await signedIn("full");
  const token = await createSession(db, user.id, "full", now, config.SESSION_TTL_HOURS, info);
  return { ...toPublicUser(user), token, generateSecret: false as const };

  async function signedIn(scope: "enroll" | "full") {
    await succeeded(db, "login", input.username, ip);
    await recordAudit(db, {
      actorId: user!.id,
      action: "signin.succeeded",
      targetUserId: user!.id,
      details: { ip, scope },
      at: now,
    });
  }

  async function fail(wrong: "username" | "password" | "code"): Promise<never> {
    if (proofOnlyMs) {
      // During an account's wait anything short of the whole proof is answered as the wait, so the
      // answer never tells a right password from a wrong one.
      await recordAudit(db, {
        actorId: null,
        action: "signin.throttled",
        targetUserId: user?.id ?? null,
        details: { ...attempt, by: "username" },
        at: now,
      });
      throw tooManyAttempts(proofOnlyMs, "auth.accountSlowed");
    }
    await recordAudit(db, {
      actorId: null,
      action: "signin.failed",
      targetUserId: user?.id ?? null,
      details: { ...attempt, wrong },
      at: now,
    });
    throw unauthorized(msg("auth.badLogin"));
  }
}

/** An account's wait at sign-in tells the person how to pass it; the others are waited out. */
const tooManyAttempts = (
  retryAfterMs: number,
  code: "auth.tryAgainIn" | "auth.accountSlowed" = "auth.tryAgainIn",
) => {
  const seconds = Math.ceil(retryAfterMs / 1000);
  return new AppError("TOO_MANY_REQUESTS", msg(code, { seconds }), undefined, seconds);
};

/**
 * Checks a code against the user's secret and records its time step in the same statement that
 * checks the last one, so two requests racing with one code cannot both pass.
 */
async function acceptTotp(
  deps: TotpDeps,
  user: SessionUser,
  code: string,
): Promise<number | null> {
  if (!user.totpSecret) return null;
  const secret = await deps.secretBox.open(user.totpSecret);
  const step = await checkTotp(secret, code, deps.clock.now(), user.totpLastStep);
  if (step === null) return null;
  const updated = await deps.db.update(users).set({ totpLastStep: step })
    .where(and(
      eq(users.id, user.id),
      or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
    ))
    .returning({ id: users.id });
  if (!updated.length) return null;
  userChanged(deps, user.id);
  return step;
}

/** Starts (or restarts) enrolment: a fresh secret, its otpauth URI and QR code. */
export async function generateTotp(
  deps: Pick<Deps, "db" | "onUserChanged" | "secretBox" | "sessionCache">,
  user: SessionUser,
) {
  if (user.totpEnabled) throw conflict(msg("auth.totpAlreadySet"));
  const secret = newTotpSecret();
  await deps.db.update(users).set({ totpSecret: await deps.secretBox.seal(secret) })
    .where(eq(users.id, user.id));
  userChanged(deps, user.id);
  const otpauthUrl = totpUri(secret, user.username);
  return { secret, otpauthUrl, qrCode: await totpQrDataUrl(otpauthUrl) };
}

/** Confirms enrolment with a first code; the enrolment token becomes a full session. */
export async function confirmTotp(
  deps: TotpDeps,
  user: SessionUser,
  token: string,
  code: string,
) {
  if (user.totpEnabled) throw conflict(msg("auth.totpAlreadySet"));
  if (!user.totpSecret) throw badRequest(msg("auth.generateQrFirst"));
  const step = await acceptTotp(deps, user, code);
  if (step === null) throw badRequest(msg("auth.invalidCode"), "code");
  await deps.db.update(users).set({ totpEnabled: true }).where(eq(users.id, user.id));
  await upgradeSession(deps.db, token);
  userChanged(deps, user.id);
  await recordAudit(deps.db, {
    actorId: user.id,
    action: "2fa.enrolled",
    targetUserId: user.id,
    at: deps.clock.now(),
  });
  const fresh = await findLiveUserById(deps.db, user.id);
  return { ...toPublicUser(fresh!), token };
}

/** Every session of the user is revoked; the caller gets a new one so it stays signed in. */
export async function changePassword(
  deps: PasswordDeps & Pick<Deps, "config">,
  user: SessionUser,
  input: z.infer<typeof changePasswordSchema>,
  info: SessionInfo,
) {
  if (!(await verifyPassword(input.oldPassword, user.passwordHash))) {
    throw badRequest(msg("auth.oldPasswordWrong"), "oldPassword");
  }
  await setPassword(deps, { userId: user.id, password: input.newPassword }, {
    actorId: user.id,
    action: "password.changed",
  });
  const token = await createSession(
    deps.db,
    user.id,
    "full",
    deps.clock.now(),
    deps.config.SESSION_TTL_HOURS,
    info,
  );
  return { ...answer(msg("auth.passwordChanged")), token };
}

/** Sets a password, revokes every session of that user and records who set it. */
export async function setPassword(
  deps: PasswordDeps,
  { userId, password }: { userId: number; password: string },
  by: { actorId: number; action: AuditAction },
) {
  const passwordHash = await hashPassword(password, deps.passwordCost);
  await deps.db.update(users).set({ passwordHash, updatedAt: deps.clock.now() })
    .where(eq(users.id, userId));
  await revokeAndNotify(deps, userId);
  await recordAudit(deps.db, { ...by, targetUserId: userId, at: deps.clock.now() });
}

/**
 * A signed-out user's forgot-* call: throttled like sign-in; whether the user exists is looked up
 * and recorded after the answer has gone, so neither the answer nor its time tells.
 */
async function recordForgot(
  deps: Pick<Deps, "clock" | "db">,
  kind: "forgot-password" | "forgot-2fa",
  username: string,
  ip: string,
) {
  const now = deps.clock.now();
  const turn = await takeTurn(deps.db, kind, username, ip, now);
  if (!turn.allowed) throw tooManyAttempts(turn.retryAfterMs);
  const record = async () => {
    const user = await findLiveUserByUsername(deps.db, username);
    await recordAudit(deps.db, {
      actorId: null,
      action: kind === "forgot-password" ? "password.reset_requested" : "2fa.reset_requested",
      targetUserId: user?.id ?? null,
      details: user ? { ip } : { ip, username },
      at: now,
    });
  };
  afterAnswer(`${kind} request not recorded`, record);
  return answer(msg("auth.forgotRecorded"));
}

/**
 * No mail server: a user's request is only recorded for the admins; an Admin calling with a
 * username gets a one-time reset token to hand over.
 */
export async function forgotPassword(
  deps: Pick<Deps, "clock" | "db">,
  actor: SessionUser | null,
  username: string,
  ip: string,
) {
  if (!actor || !can(actor.role, "users.resetAccess")) {
    return await recordForgot(deps, "forgot-password", username, ip);
  }
  const user = await findOutranked(deps.db, actor, username);
  const now = deps.clock.now();
  const token = randomHex(32);
  const expiresAt = new Date(now.getTime() + RESET_TTL_MS);
  await deps.db.insert(resetTokens).values({
    id: await sha256Hex(token),
    userId: user.id,
    kind: "password",
    createdBy: actor.id,
    createdAt: now,
    expiresAt,
  });
  await recordAudit(deps.db, {
    actorId: actor.id,
    action: "password.reset_issued",
    targetUserId: user.id,
    at: now,
  });
  return {
    ...answer(msg("auth.resetTokenIssued")),
    resetToken: token,
    expiresAt: expiresAt.toISOString(),
  };
}

export async function resetPassword(
  deps: PasswordDeps,
  input: z.infer<typeof resetPasswordSchema>,
) {
  const now = deps.clock.now();
  const [used] = await deps.db.update(resetTokens).set({ usedAt: now })
    .where(and(
      eq(resetTokens.id, await sha256Hex(input.token)),
      eq(resetTokens.kind, "password"),
      isNull(resetTokens.usedAt),
      gt(resetTokens.expiresAt, now),
    ))
    .returning({ userId: resetTokens.userId });
  if (!used) throw badRequest(msg("auth.resetTokenInvalid"), "token");
  await setPassword(deps, { userId: used.userId, password: input.newPassword }, {
    actorId: used.userId,
    action: "password.reset",
  });
  return answer(msg("auth.passwordReset"));
}

/** A user's request is recorded; an Admin's call clears that user's TOTP so they enrol again. */
export async function forgotTotp(
  deps: RevokeDeps,
  actor: SessionUser | null,
  input: z.infer<typeof forgot2faSchema>,
  ip: string,
) {
  if (!actor || !can(actor.role, "users.resetAccess")) {
    return await recordForgot(deps, "forgot-2fa", input.username, ip);
  }
  const user = await findOutranked(deps.db, actor, input.username);
  const now = deps.clock.now();
  await deps.db.update(users).set({ totpEnabled: false, totpSecret: null, totpLastStep: null })
    .where(eq(users.id, user.id));
  await revokeAndNotify(deps, user.id);
  await recordAudit(deps.db, {
    actorId: actor.id,
    action: "2fa.reset",
    targetUserId: user.id,
    at: now,
  });
  return answer(msg("auth.totpReset"));
}

/** The live user an Admin resets access for: themselves, or one below their own role. */
async function findOutranked(db: Db, actor: SessionUser, username: string) {
  const user = await findLiveUserByUsername(db, username);
  if (!user) throw new AppError("NOT_FOUND", msg("users.usernameNotFound", { username }));
  if (actor.id !== user.id && !canActOn(actor.role, user.role)) {
    throw new AppError("FORBIDDEN", msg("users.aboveOwnRole"));
  }
  return user;
}
