import { Hono } from "hono";
import { requireAuth, requirePermission } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { validate } from "../core/validate.ts";
import { responds } from "../core/route-meta.ts";
import { messageAnswerSchema } from "../core/answer-schema.ts";
import { publicUserSchema } from "../auth/schema.ts";
import { coinFundsSchema } from "../transactions/schema.ts";
import type { Deps } from "../deps.ts";
import { adminChangePassword, changeRole, deleteUser } from "./access.ts";
import {
  adminChangePasswordSchema,
  changeRoleSchema,
  newUserSchema,
  searchUsersSchema,
  updateUserSchema,
  userDeletedSchema,
  userIdParam,
  userListSchema,
  userSearchAnswerSchema,
} from "./schema.ts";
import { coinFundsOf } from "../transactions/coin-funds.ts";
import { listAllUsers, searchUsers } from "./search.ts";
import { registerUser, updateUser } from "./service.ts";

// Numeric ids only, so /users/update-bot-key and friends are never taken for a user id.
const BY_ID = "/users/:id{[0-9]+}";

export function userRoutes(deps: Deps) {
  const auth = requireAuth(deps);
  const missing = "No such user";
  const above = "The user's role is at or above the caller's";
  return new Hono<AppEnv>()
    .post(
      "/users/register",
      responds({ 201: publicUserSchema, 403: above, 409: "The username or email is taken" }),
      auth,
      requirePermission("users.create"),
      validate("json", newUserSchema),
      async (c) => c.json(await registerUser(deps, c.get("user"), c.req.valid("json")), 201),
    )
    .get(
      "/users/search",
      responds({ 200: userSearchAnswerSchema }),
      auth,
      requirePermission("users.search"),
      validate("query", searchUsersSchema),
      async (c) => c.json(await searchUsers(deps, c.get("user"), c.req.valid("query"))),
    )
    .get(
      "/users/all",
      responds({ 200: userListSchema }),
      auth,
      requirePermission("users.list"),
      async (c) => {
        return c.json(await listAllUsers(deps));
      },
    )
    .post(
      "/users/admin-change-user-password",
      responds({ 200: messageAnswerSchema, 404: missing }),
      auth,
      requirePermission("users.changePassword"),
      validate("json", adminChangePasswordSchema),
      async (c) => c.json(await adminChangePassword(deps, c.get("user"), c.req.valid("json"))),
    )
    .patch(
      BY_ID,
      responds({ 200: publicUserSchema, 404: missing, 409: "The email is taken" }),
      auth,
      requirePermission("users.editSelf"),
      validate("param", userIdParam),
      validate("json", updateUserSchema),
      async (c) => {
        const { id } = c.req.valid("param");
        return c.json(await updateUser(deps, c.get("user"), id, c.req.valid("json")));
      },
    )
    .get(
      `${BY_ID}/coin-funds`,
      responds({ 200: coinFundsSchema, 404: missing }),
      auth,
      requirePermission("users.editSelf"),
      validate("param", userIdParam),
      async (c) => c.json(await coinFundsOf(deps, c.get("user"), c.req.valid("param").id)),
    )
    .post(
      `${BY_ID}/change-role`,
      responds({ 200: publicUserSchema, 404: missing, 409: "The last SuperAdmin stays" }),
      auth,
      requirePermission("users.changeRole"),
      validate("param", userIdParam),
      validate("json", changeRoleSchema),
      async (c) => {
        const { id } = c.req.valid("param");
        return c.json(await changeRole(deps, c.get("user"), id, c.req.valid("json").role));
      },
    )
    .delete(
      BY_ID,
      responds({ 200: userDeletedSchema, 404: missing, 409: "The last SuperAdmin stays" }),
      auth,
      requirePermission("users.delete"),
      validate("param", userIdParam),
      async (c) => c.json(await deleteUser(deps, c.get("user"), c.req.valid("param").id)),
    );
}
