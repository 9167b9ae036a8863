import assert from "node:assert/strict";
import { makeTestApp } from "../support/test-app.ts";

Deno.test("peer rule: an Admin cannot edit, change, reset or delete a fellow Admin; a SuperAdmin can", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("Admin");
    const peer = await t.user("Admin");
    const superAdmin = await t.user("SuperAdmin");
    const otherSuper = await t.user("SuperAdmin");
    const actions = (target: { id: number; username: string }) =>
      [
        ["POST", "/api/users/admin-change-user-password", {
          userId: target.id,
          newPassword: "newpass1",
        }],
        ["POST", "/api/users/forgot-2fa", { username: target.username }],
        ["POST", `/api/users/${target.id}/change-role`, { role: "User" }],
        ["PATCH", `/api/users/${target.id}`, { group: "moved" }],
        ["DELETE", `/api/users/${target.id}`, undefined],
      ] as const;
    for (const [method, path, body] of actions(peer)) {
      const res = await t.call(method, path, { body, token: admin.token });
      assert.equal(res.status, 403, `${method} ${path}`);
      assert.match((await res.json()).message, /at or above your own role/);
    }
    const issued = await t.call("GET", `/api/users/forgot-password?username=${peer.username}`, {
      token: admin.token,
    });
    assert.equal(issued.status, 403);
    for (const [method, path, body] of actions(otherSuper)) {
      const res = await t.call(method, path, { body, token: superAdmin.token });
      assert.equal(res.status, 200, `${method} ${path}: ${await res.text()}`);
    }
  } finally {
    await t.close();
  }
});
