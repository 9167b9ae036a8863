import { Hono } from "hono";
import { requireAuth, requirePermission } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { validate } from "../core/validate.ts";
import type { Deps } from "../deps.ts";
import { adminChangePassword, changeRole, deleteUser } from "./access.ts";
import {
  adminChangePasswordSchema,
  changeRoleSchema,
  newUserSchema,
  searchUsersSchema,
  updateUserSchema,
  userIdParam,
} from "./schema.ts";
import { coinFundsOf } from "../transactions/coin-funds.ts";
import { listAllUsers, searchUsers } from "./search.ts";
import { registerUser, updateUser } from "./service.ts";

// Numeric ids only, so /users/update-bot-key and friends are never taken for a user id.
const BY_ID = "/users/:id{[0-9]+}";

export function userRoutes(deps: Deps) {
  const auth = requireAuth(deps);
  return new Hono<AppEnv>()
    .post(
      "/users/register",
      auth,
      requirePermission("users.create"),
      validate("json", newUserSchema),
      async (c) => c.json(await registerUser(deps, c.get("user"), c.req.valid("json")), 201),
    )
    .get(
      "/users/search",
      auth,
      requirePermission("users.search"),
      validate("query", searchUsersSchema),
      async (c) => c.json(await searchUsers(deps, c.get("user"), c.req.valid("query"))),
    )
    .get("/users/all", auth, requirePermission("users.list"), async (c) => {
      return c.json(await listAllUsers(deps));
    })
    .post(
      "/users/admin-change-user-password",
      auth,
      requirePermission("users.changePassword"),
      validate("json", adminChangePasswordSchema),
      async (c) => c.json(await adminChangePassword(deps, c.get("user"), c.req.valid("json"))),
    )
    .patch(
      BY_ID,
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
      auth,
      requirePermission("users.editSelf"),
      validate("param", userIdParam),
      async (c) => c.json(await coinFundsOf(deps, c.get("user"), c.req.valid("param").id)),
    )
    .post(
      `${BY_ID}/change-role`,
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
      auth,
      requirePermission("users.delete"),
      validate("param", userIdParam),
      async (c) => c.json(await deleteUser(deps, c.get("user"), c.req.valid("param").id)),
    );
}
