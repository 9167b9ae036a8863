// The bot key pools: who may do what, key transport and masks, search, update and delete rules.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { auditLog, botKeys, transactions } from "../../server/db/schema.ts";
import { encryptForTransport } from "../../server/keys/transport-crypto.shared.ts";
import { SECRET_MASK } from "../../server/auth/public-user.shared.ts";
import { can, type Permission, type Role } from "../../server/auth/roles.shared.ts";
import { makeTestApp, type TestApp, type TestUser } from "../support/test-app.ts";
import {
  addBotKey,
  botKeyRow,
  selectBots,
  selectedBots,
  transportHash,
} from "./bot-keys-fixtures.ts";
import { expectStatus, json } from "./transactions-fixtures.ts";

const KEY = "vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A";
const SECRET = "NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j";

let seq = 0;
/** A key inserted directly: matrix cases act on fresh rows so they never disturb each other. */
async function freshKey(t: TestApp, exchange: "binance" | "gate" = "binance") {
  const [row] = await t.deps.db.insert(botKeys).values({
    exchange,
    username: `matrix_${++seq}`,
    key: await t.deps.secretBox.seal("k"),
    secret: await t.deps.secretBox.seal("s"),
  }).returning();
  return row.id;
}

interface RouteCase {
  route: string;
  permission: Permission;
  ok: number;
  send(t: TestApp, token: string | undefined): Promise<Response>;
}

const CASES: RouteCase[] = [
  {
    route: "GET /bot-key",
    permission: "bots.select",
    ok: 200,
    send: (t, token) => t.call("GET", "/api/bot-key?exchange=binance", { token }),
  },
  {
    route: "GET /bot-key/search",
    permission: "botKeys.manage",
    ok: 200,
    send: (t, token) => t.call("GET", "/api/bot-key/search?exchange=gate&page=1", { token }),
  },
  {
    route: "POST /bot-key",
    permission: "botKeys.manage",
    ok: 201,
    send: async (t, token) => {
      const hash = await (await t.deps.keyTransport.current()).hash;
      return t.call("POST", "/api/bot-key", {
        token,
        body: {
          exchange: "gate",
          username: `created_${++seq}`,
          key: await encryptForTransport(hash, KEY),
          secret: await encryptForTransport(hash, SECRET),
        },
      });
    },
  },
  {
    route: "PATCH /bot-key/{id}",
    permission: "botKeys.manage",
    ok: 200,
    send: async (t, token) =>
      t.call("PATCH", `/api/bot-key/${await freshKey(t)}`, {
        token,
        body: { username: `renamed_${++seq}` },
      }),
  },
  {
    route: "DELETE /bot-key/{id}",
    permission: "botKeys.manage",
    ok: 200,
    send: async (t, token) => t.call("DELETE", `/api/bot-key/${await freshKey(t)}`, { token }),
  },
  {
    route: "GET /bot-key/bot-balance/{id}",
    permission: "botKeys.manage",
    ok: 200,
    send: async (t, token) =>
      t.call("GET", `/api/bot-key/bot-balance/${await freshKey(t)}?exchange=binance`, { token }),
  },
];

const ROLES: Role[] = ["SuperAdmin", "Admin", "Lead", "User"];
type Caller = Role | "no token" | "revoked token";

const snapshot = async (t: TestApp) =>
  JSON.stringify(await t.deps.db.select().from(botKeys).orderBy(botKeys.id));

Deno.test("bot-key permissions: every route answers each role as the rule table says, and refusals write nothing", async () => {
  const t = await makeTestApp();
  try {
    const actors = new Map<Role, TestUser>();
    for (const role of ROLES) actors.set(role, await t.user(role));
    const revoked = await t.user("SuperAdmin");
    await expectStatus(t, 200, "POST", "/api/users/logout", { token: revoked.token });
    const callers: Caller[] = [...ROLES, "no token", "revoked token"];
    const want: Record<string, Record<string, number>> = {};
    const got: Record<string, Record<string, number>> = {};
    for (const c of CASES) {
      want[c.route] = {};
      got[c.route] = {};
      for (const caller of callers) {
        const token = caller === "no token"
          ? undefined
          : caller === "revoked token"
          ? revoked.token
          : actors.get(caller)!.token;
        const before = await snapshot(t);
        const res = await c.send(t, token);
        await res.body?.cancel();
        const allowed = caller !== "no token" && caller !== "revoked token" &&
          can(caller, c.permission);
        want[c.route][caller] = caller === "no token" || caller === "revoked token"
          ? 401
          : allowed
          ? c.ok
          : 403;
        got[c.route][caller] = res.status;
        if (!allowed) {
          // The fresh row a case made is the only difference a refused call may leave.
          const after = JSON.parse(await snapshot(t)) as unknown[];
          assert.deepEqual(after.slice(0, JSON.parse(before).length), JSON.parse(before), c.route);
          assert.ok(after.length - JSON.parse(before).length <= 1, c.route);
        }
      }
    }
    assert.deepEqual(got, want);
  } finally {
    await t.close();
  }
});

Deno.test("bot-key create: key and secret are decrypted, sealed at rest, never answered and audited without them", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("SuperAdmin");
    const lead = await t.user("Lead");
    const created = await addBotKey(t, admin.token, {
      exchange: "binance",
      username: "bot_one",
      key: KEY,
      secret: SECRET,
    });
    assert.deepEqual(
      { ...created, createdAt: undefined, updatedAt: undefined },
      {
        id: created.id,
        exchange: "binance",
        username: "bot_one",
        adapter: "paper",
        key: SECRET_MASK,
        secret: SECRET_MASK,
        createdAt: undefined,
        updatedAt: undefined,
      },
    );
    const row = await botKeyRow(t, created.id);
    assert.ok(!row.key.includes(KEY) && !row.secret.includes(SECRET));
    assert.equal(await t.deps.secretBox.open(row.key), KEY);
    assert.equal(await t.deps.secretBox.open(row.secret), SECRET);

    // No answer of any bot-key route ever carries the key or the secret.
    const answers = [
      await t.call("GET", "/api/bot-key", { token: admin.token }),
      await t.call("GET", "/api/bot-key?exchange=binance", { token: lead.token }),
      await t.call("GET", "/api/bot-key/search?username=bot", { token: admin.token }),
      await t.call("GET", `/api/bot-key/bot-balance/${created.id}`, { token: admin.token }),
      await t.call("PATCH", `/api/bot-key/${created.id}`, {
        token: admin.token,
        body: { username: "bot_uno", key: SECRET_MASK, secret: "" },
      }),
      await t.call("GET", "/api/audit?page=1&limit=50", { token: admin.token }),
    ];
    for (const res of answers) {
      const text = await res.text();
      assert.equal(res.status, 200, text);
      assert.ok(!text.includes(KEY) && !text.includes(SECRET), text);
    }
    const audits = await t.deps.db.select().from(auditLog);
    assert.deepEqual(
      audits.filter((a) => a.action.startsWith("botKey.")).map((a) => a.action),
      ["botKey.create", "botKey.update"],
    );
    assert.ok(!JSON.stringify(audits).includes(SECRET));
  } finally {
    await t.close();
  }
});

Deno.test("bot-key list: a Lead sees id, exchange and username only; a SuperAdmin sees masks; exchange filters", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("SuperAdmin");
    const lead = await t.user("Lead");
    const g = await addBotKey(t, admin.token, { exchange: "gate", username: "gate_bot" });
    const b = await addBotKey(t, admin.token, { exchange: "binance", username: "binance_bot" });
    const leadList = await expectStatus(t, 200, "GET", "/api/bot-key", { token: lead.token });
    // Grouped by exchange in the sidebar's order (gate, binance, houbi).
    assert.deepEqual(leadList, [
      { id: g.id, exchange: "gate", username: "gate_bot" },
      { id: b.id, exchange: "binance", username: "binance_bot" },
    ]);
    const gateOnly = await expectStatus(t, 200, "GET", "/api/bot-key?exchange=gate", {
      token: admin.token,
    });
    assert.deepEqual(gateOnly.map((k: { id: number }) => k.id), [g.id]);
    assert.equal(gateOnly[0].key, SECRET_MASK);
    assert.equal(gateOnly[0].secret, SECRET_MASK);
    // An empty param means every exchange; an unknown one is refused.
    assert.equal(
      (await expectStatus(t, 200, "GET", "/api/bot-key?exchange=", { token: lead.token })).length,
      2,
    );
    const bad = await expectStatus(t, 400, "GET", "/api/bot-key?exchange=none", {
      token: lead.token,
    });
    assert.match(bad.message, /^exchange: /);
  } finally {
    await t.close();
  }
});

Deno.test("bot-key create: bad input answers 400 or 409 and writes nothing", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("SuperAdmin");
    await addBotKey(t, admin.token, { exchange: "gate", username: "Taken_Name" });
    const hash = await transportHash(t, admin.token);
    const enc = (text: string) => encryptForTransport(hash, text);
    const valid = { exchange: "gate", username: "fresh_bot", key: await enc(KEY) };
    const cases: [number, Record<string, unknown>, RegExp][] = [
      [400, { ...valid, secret: SECRET }, /^secret: could not be decrypted/],
      [400, { ...valid, secret: await encryptForTransport("f".repeat(64), SECRET) }, /decrypted/],
      [400, { ...valid, secret: SECRET_MASK }, /Both key and secret are required/],
      [400, { ...valid, secret: "" }, /^secret: Required/],
      [400, { ...valid, secret: await enc(SECRET), username: "  " }, /^username: Required/],
      [400, { ...valid, secret: await enc(SECRET), exchange: "none" }, /^exchange: /],
      [400, { ...valid, secret: await enc(SECRET), hash: "nothex" }, /^hash: Invalid hash/],
      [409, { ...valid, secret: await enc(SECRET), username: "taken_name" }, /already exists/],
    ];
    for (const [status, body, message] of cases) {
      const res = await t.call("POST", "/api/bot-key", { token: admin.token, body });
      const answer = await json(res);
      assert.equal(res.status, status, JSON.stringify(answer));
      assert.match(answer.message, message);
    }
    assert.equal((await t.deps.db.select().from(botKeys)).length, 1);
    // The same name on another exchange is a different key.
    await addBotKey(t, admin.token, { exchange: "binance", username: "taken_name" });
  } finally {
    await t.close();
  }
});

Deno.test("bot-key create: the adapter is paper by default and the exchange's live API when EXCHANGE_ADAPTER=live", async () => {
  const t = await makeTestApp({ EXCHANGE_ADAPTER: "live" });
  try {
    const admin = await t.user("SuperAdmin");
    const g = await addBotKey(t, admin.token, { exchange: "gate", username: "live_gate" });
    const b = await addBotKey(t, admin.token, { exchange: "binance", username: "live_binance" });
    assert.equal(g.adapter, "gate");
    assert.equal(b.adapter, "binance");
  } finally {
    await t.close();
  }
});

Deno.test("bot-key update: masks and empty values keep the stored ones, new values are sealed, nothing to send is 400", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("SuperAdmin");
    const k = await addBotKey(t, admin.token, { exchange: "gate", username: "upd_bot" });
    const before = await botKeyRow(t, k.id);
    const hash = await transportHash(t, admin.token);
    t.clock.advance(1000);
    const updated = await expectStatus(t, 200, "PATCH", `/api/bot-key/${k.id}`, {
      token: admin.token,
      body: { key: SECRET_MASK, secret: await encryptForTransport(hash, "new-secret"), hash },
    });
    assert.equal(updated.secret, SECRET_MASK);
    assert.notEqual(updated.updatedAt, k.updatedAt);
    const after = await botKeyRow(t, k.id);
    assert.equal(after.key, before.key);
    assert.equal(await t.deps.secretBox.open(after.secret), "new-secret");
    assert.equal(after.username, "upd_bot");

    for (const body of [{}, { key: SECRET_MASK, secret: "" }, { username: "upd_bot" }]) {
      const res = await expectStatus(t, 400, "PATCH", `/api/bot-key/${k.id}`, {
        token: admin.token,
        body,
      });
      assert.equal(res.message, "Nothing to update");
    }
    const wrong = await expectStatus(t, 400, "PATCH", `/api/bot-key/${k.id}`, {
      token: admin.token,
      body: { key: "plain-text-key" },
    });
    assert.match(wrong.message, /^key: could not be decrypted/);
    await addBotKey(t, admin.token, { exchange: "gate", username: "other_bot" });
    await expectStatus(t, 409, "PATCH", `/api/bot-key/${k.id}`, {
      token: admin.token,
      body: { username: "OTHER_bot" },
    });
    await expectStatus(t, 404, "PATCH", "/api/bot-key/999999", {
      token: admin.token,
      body: { username: "nobody" },
    });
    assert.deepEqual(await botKeyRow(t, k.id), after);
  } finally {
    await t.close();
  }
});

Deno.test("bot-key search: username and exchange filters with paging", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("SuperAdmin");
    for (let i = 1; i <= 12; i++) {
      await addBotKey(t, admin.token, { exchange: "gate", username: `gate_${i}` });
    }
    await addBotKey(t, admin.token, { exchange: "binance", username: "gate_like_binance" });
    const page1 = await expectStatus(t, 200, "GET", "/api/bot-key/search?exchange=gate", {
      token: admin.token,
    });
    assert.equal(page1.totalItems, 12);
    assert.equal(page1.items.length, 10);
    const page2 = await expectStatus(t, 200, "GET", "/api/bot-key/search?exchange=gate&page=2", {
      token: admin.token,
    });
    assert.deepEqual(page2.items.map((k: { username: string }) => k.username), [
      "gate_11",
      "gate_12",
    ]);
    const named = await expectStatus(t, 200, "GET", "/api/bot-key/search?username=_1&limit=5", {
      token: admin.token,
    });
    // "_" matches itself, not any character.
    assert.deepEqual(named.items.map((k: { username: string }) => k.username), [
      "gate_1",
      "gate_10",
      "gate_11",
      "gate_12",
    ]);
    assert.equal(named.totalItems, 4);
    await expectStatus(t, 400, "GET", "/api/bot-key/search?limit=0", { token: admin.token });
  } finally {
    await t.close();
  }
});

Deno.test("bot-key delete: the key leaves lists and every selectBots, its transactions keep naming it", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("SuperAdmin");
    const lead = await t.user("Lead");
    const a = await addBotKey(t, admin.token, { exchange: "binance", username: "del_a" });
    const b = await addBotKey(t, admin.token, { exchange: "binance", username: "del_b" });
    await selectBots(t, lead, [a.id, b.id]);
    await selectBots(t, admin, [a.id]);
    const [tx] = await t.deps.db.insert(transactions).values({
      userId: lead.id,
      status: "DONE",
      pair: "btc_usdt",
      exchange: "binance",
      adapter: "paper",
      marketPrice: "1",
      buyPrice: "1",
      sellPrice: "1",
      amount: "1",
      quantity: "1",
      botKeyId: a.id,
    }).returning();

    const res = await expectStatus(t, 200, "DELETE", `/api/bot-key/${a.id}`, {
      token: admin.token,
    });
    assert.deepEqual(res, {
      id: a.id,
      message: "Bot key deleted.",
      code: "botKeys.deleted",
      params: {},
    });
    assert.deepEqual(await selectedBots(t, lead.id), [b.id]);
    assert.deepEqual(await selectedBots(t, admin.id), []);
    const listed = await expectStatus(t, 200, "GET", "/api/bot-key", { token: lead.token });
    assert.deepEqual(listed.map((k: { id: number }) => k.id), [b.id]);
    const [kept] = await t.deps.db.select().from(transactions).where(eq(transactions.id, tx.id));
    assert.equal(kept.botKeyId, a.id);

    await expectStatus(t, 404, "DELETE", `/api/bot-key/${a.id}`, { token: admin.token });
    await expectStatus(t, 404, "PATCH", `/api/bot-key/${a.id}`, {
      token: admin.token,
      body: { username: "back" },
    });
    await expectStatus(t, 404, "GET", `/api/bot-key/bot-balance/${a.id}`, { token: admin.token });
    // Its name is free again.
    await addBotKey(t, admin.token, { exchange: "binance", username: "del_a" });
  } finally {
    await t.close();
  }
});
