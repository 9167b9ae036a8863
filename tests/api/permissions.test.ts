// The permission matrix of the staff-management routes, generated from the rule table: every
// route x every role (and no token, and a revoked token) must answer what PERMISSIONS says.
import assert from "node:assert/strict";
import { can, type Permission, PERMISSIONS, type Role } from "../../server/auth/roles.shared.ts";
import { makeTestApp, type TestApp, type TestUser } from "../support/test-app.ts";

interface RouteCase {
  route: string;
  permission: Permission;
  /** Status when the rule allows the caller. */
  ok: number;
  /** Sends the request as `actor`, on fresh targets so cases never disturb each other. */
  send(t: TestApp, actor: TestUser, token?: string): Promise<Response>;
}

let seq = 0;
const newUser = () => {
  const username = `matrix_${++seq}`;
  return {
    email: `${username}@example.com`,
    username,
    password: "secret12",
    confirmPassword: "secret12",
  };
};

const CASES: RouteCase[] = [
  {
    route: "POST /users/register",
    permission: "users.create",
    ok: 201,
    send: (t, _a, token) => t.call("POST", "/api/users/register", { token, body: newUser() }),
  },
  {
    route: "PATCH /users/{own id}",
    permission: "users.editSelf",
    ok: 200,
    send: (t, a, token) =>
      t.call("PATCH", `/api/users/${a.id}`, {
        token,
        body: { pair: "eth_usdt", useBot: "buy_sell" },
      }),
  },
  {
    route: "PATCH /users/{own id} selectBots",
    permission: "bots.select",
    ok: 200,
    send: (t, a, token) =>
      t.call("PATCH", `/api/users/${a.id}`, { token, body: { selectBots: [] } }),
  },
  {
    route: "PATCH /users/{other id}",
    permission: "users.editOthers",
    ok: 200,
    send: async (t, _a, token) => {
      const target = await t.user("User");
      return t.call("PATCH", `/api/users/${target.id}`, { token, body: { group: "night" } });
    },
  },
  {
    route: "POST /users/{id}/change-role",
    permission: "users.changeRole",
    ok: 200,
    send: async (t, _a, token) => {
      const target = await t.user("User");
      return t.call("POST", `/api/users/${target.id}/change-role`, {
        token,
        body: { role: "Lead" },
      });
    },
  },
  {
    route: "GET /users/search",
    permission: "users.search",
    ok: 200,
    send: (t, _a, token) =>
      t.call("GET", "/api/users/search?username=matrix&page=1&limit=5", { token }),
  },
  {
    route: "DELETE /users/{id}",
    permission: "users.delete",
    ok: 200,
    send: async (t, _a, token) => {
      const target = await t.user("User");
      return t.call("DELETE", `/api/users/${target.id}`, { token });
    },
  },
  {
    route: "GET /users/all",
    permission: "users.list",
    ok: 200,
    send: (t, _a, token) => t.call("GET", "/api/users/all", { token }),
  },
  {
    route: "POST /users/admin-change-user-password",
    permission: "users.changePassword",
    ok: 200,
    send: async (t, _a, token) => {
      const target = await t.user("User");
      return t.call("POST", "/api/users/admin-change-user-password", {
        token,
        body: { userId: target.id, newPassword: "another1" },
      });
    },
  },
  {
    route: "GET /audit",
    permission: "audit.read",
    ok: 200,
    send: (t, _a, token) => t.call("GET", "/api/audit?page=1&limit=5", { token }),
  },
];

const ROLES: Role[] = ["SuperAdmin", "Admin", "Lead", "User"];
type Caller = Role | "no token" | "revoked token";
const CALLERS: Caller[] = [...ROLES, "no token", "revoked token"];

function expected(caller: Caller, c: RouteCase) {
  if (caller === "no token" || caller === "revoked token") return 401;
  return can(caller, c.permission) ? c.ok : 403;
}

Deno.test("permissions: every staff route answers each role as the rule table says", async () => {
  const t = await makeTestApp();
  try {
    const actors = new Map<Role, TestUser>();
    for (const role of ROLES) actors.set(role, await t.user(role));
    const revoked = await t.user("Admin");
    assert.equal((await t.call("POST", "/api/users/logout", { token: revoked.token })).status, 200);

    const want: Record<string, Record<string, number>> = {};
    const got: Record<string, Record<string, number>> = {};
    for (const c of CASES) {
      want[c.route] = {};
      got[c.route] = {};
      for (const caller of CALLERS) {
        const actor = caller === "no token" || caller === "revoked token"
          ? revoked
          : actors.get(caller)!;
        const token = caller === "no token"
          ? undefined
          : caller === "revoked token"
          ? revoked.token
          : actor.token;
        const res = await c.send(t, actor, token);
        await res.body?.cancel();
        want[c.route][caller] = expected(caller, c);
        got[c.route][caller] = res.status;
      }
    }
    assert.deepEqual(got, want);
  } finally {
    await t.close();
  }
});

Deno.test("permissions: every user and audit rule in the table has a route in the matrix", () => {
  // users.resetAccess belongs to the sign-in routes (forgot-password, forgot-2fa), tested there.
  const owned = Object.keys(PERMISSIONS).filter((p) =>
    (p.startsWith("users.") || p.startsWith("audit.")) && p !== "users.resetAccess"
  );
  const covered = new Set(CASES.map((c) => c.permission));
  assert.deepEqual(owned.filter((p) => !covered.has(p as Permission)), []);
});
