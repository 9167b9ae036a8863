// The session cache (SESSION_CACHE_MS, on by default) never outlives what ends or changes access:
// each case first makes a request so the token's session is cached, then changes it.
import assert from "node:assert/strict";
import { resolveSession } from "../../server/auth/sessions.ts";
import type { Database } from "../../server/db/client.ts";
import { textRows } from "../../server/db/raw-rows.ts";
import { makeTestApp } from "../support/test-app.ts";
import { expectStatus } from "./transactions-fixtures.ts";

const profile = (t: Awaited<ReturnType<typeof makeTestApp>>, token: string) =>
  t.call("GET", "/api/users/my-profile", { token });

Deno.test("session cache: a cached token stops at once on logout, role change and deletion", async () => {
  const t = await makeTestApp({ SESSION_CACHE_MS: 60_000 });
  try {
    const admin = await t.user("SuperAdmin");
    const [out, demoted, deleted] = [
      await t.user("User"),
      await t.user("Lead"),
      await t.user("User"),
    ];
    for (const u of [out, demoted, deleted]) {
      assert.equal((await profile(t, u.token)).status, 200);
    }
    assert.ok(t.deps.sessionCache!.size >= 3);

    await expectStatus(t, 200, "POST", "/api/users/logout", { token: out.token });
    await expectStatus(t, 200, "POST", `/api/users/${demoted.id}/change-role`, {
      token: admin.token,
      body: { role: "User" },
    });
    await expectStatus(t, 200, "DELETE", `/api/users/${deleted.id}`, { token: admin.token });

    for (const u of [out, demoted, deleted]) {
      assert.equal((await profile(t, u.token)).status, 401, u.username);
    }
  } finally {
    await t.close();
  }
});

Deno.test("session cache: a change to a user's row is in their very next request", async () => {
  const t = await makeTestApp({ SESSION_CACHE_MS: 60_000 });
  try {
    const admin = await t.user("SuperAdmin");
    const u = await t.user("User");
    assert.equal((await (await profile(t, u.token)).json()).pair, "btc_usdt");

    await expectStatus(t, 200, "PATCH", `/api/users/${u.id}`, {
      token: admin.token,
      body: { pair: "eth_usdt", numberOfTran: 3 },
    });
    const after = await (await profile(t, u.token)).json();
    assert.equal(after.pair, "eth_usdt");
    assert.equal(after.numberOfTran, 3);
  } finally {
    await t.close();
  }
});

Deno.test("session cache: a lookup that read the session just before a logout does not keep it", async () => {
  const t = await makeTestApp({ SESSION_CACHE_MS: 60_000 });
  try {
    const u = await t.user("User");
    // The lookup's row is read, then the logout commits and drops the user's cached sessions, and
    // only then does the lookup finish.
    const racing = {
      db: {
        $client: {
          async query(text: string, params: unknown[]) {
            const rows = await textRows(t.deps.database, text, params);
            await expectStatus(t, 200, "POST", "/api/users/logout", { token: u.token });
            return { rows };
          },
        },
      },
    } as unknown as Database;
    assert.ok(await resolveSession(racing, u.token, t.clock.now(), t.deps.sessionCache));
    assert.equal((await profile(t, u.token)).status, 401);
  } finally {
    await t.close();
  }
});
