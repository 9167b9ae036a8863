import assert from "node:assert/strict";
import { makeTestApp } from "../support/test-app.ts";

const at = (iso: string) => Date.parse(iso);

Deno.test("shifts: an Admin creates a shift with zeroed minutes and an end rolled past midnight", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("Admin");
    const worker = await t.user("User");
    const res = await t.call("POST", "/api/shifts", {
      token: admin.token,
      body: { timeStart: at("2026-03-05T20:35:17Z"), interval: 8, users: [worker.id, worker.id] },
    });
    assert.equal(res.status, 201);
    const shift = await res.json();
    assert.equal(shift.timeStart, "2026-03-05T20:00:00.000Z");
    assert.equal(shift.timeEnd, "2026-03-06T04:00:00.000Z");
    assert.equal(shift.interval, 8);
    assert.deepEqual(shift.users, [{ id: worker.id, username: worker.username }]);

    const whole = await t.call("POST", "/api/shifts", {
      token: admin.token,
      body: { timeStart: "2026-03-05T09:10:00+02:00", interval: 0, tzOffset: 120 },
    });
    assert.equal(whole.status, 201);
    const day = await whole.json();
    assert.equal(day.interval, 24);
    assert.equal(day.timeStart, "2026-03-05T07:00:00.000Z");
    assert.equal(day.timeEnd, "2026-03-06T07:00:00.000Z");

    const list = await t.call("GET", "/api/shifts?limit=1", { token: admin.token });
    assert.equal(list.status, 200);
    const page = await list.json();
    assert.equal(page.totalItems, 2);
    assert.deepEqual(page.items.map((s: { id: number }) => s.id), [day.id]);
  } finally {
    await t.close();
  }
});

Deno.test("shifts: update recomputes the end, delete removes, both 404 for a missing shift", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("SuperAdmin");
    const created = await (await t.call("POST", "/api/shifts", {
      token: admin.token,
      body: { timeStart: at("2026-03-05T06:00:00Z"), interval: 8 },
    })).json();
    const updated = await t.call("PATCH", `/api/shifts/${created.id}`, {
      token: admin.token,
      body: { interval: 20 },
    });
    assert.equal(updated.status, 200);
    const body = await updated.json();
    assert.equal(body.timeStart, "2026-03-05T06:00:00.000Z");
    assert.equal(body.timeEnd, "2026-03-06T02:00:00.000Z");

    const gone = await t.call("DELETE", `/api/shifts/${created.id}`, { token: admin.token });
    assert.equal(gone.status, 200);
    assert.equal(
      (await t.call("DELETE", `/api/shifts/${created.id}`, { token: admin.token }))
        .status,
      404,
    );
    assert.equal(
      (await t.call("PATCH", `/api/shifts/${created.id}`, {
        token: admin.token,
        body: { interval: 4 },
      })).status,
      404,
    );
  } finally {
    await t.close();
  }
});

Deno.test("shifts: bad input is a 400 and writes nothing", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("Admin");
    const bad = [
      { interval: 8 },
      { timeStart: at("2026-03-05T06:00:00Z"), interval: 25 },
      { timeStart: at("2026-03-05T06:00:00Z"), interval: 1.5 },
      { timeStart: "yesterday", interval: 8 },
      { timeStart: at("2026-03-05T06:00:00Z"), interval: 8, users: [999_999] },
    ];
    for (const body of bad) {
      const res = await t.call("POST", "/api/shifts", { token: admin.token, body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(typeof (await res.json()).message, "string");
    }
    const list = await (await t.call("GET", "/api/shifts", { token: admin.token })).json();
    assert.equal(list.totalItems, 0);
  } finally {
    await t.close();
  }
});

Deno.test("shifts: Lead and User get 403, no token gets 401", async () => {
  const t = await makeTestApp();
  try {
    const body = { timeStart: at("2026-03-05T06:00:00Z"), interval: 8 };
    for (const role of ["Lead", "User"] as const) {
      const { token } = await t.user(role);
      assert.equal((await t.call("GET", "/api/shifts", { token })).status, 403);
      assert.equal((await t.call("POST", "/api/shifts", { token, body })).status, 403);
      assert.equal((await t.call("PATCH", "/api/shifts/1", { token, body })).status, 403);
      assert.equal((await t.call("DELETE", "/api/shifts/1", { token })).status, 403);
    }
    assert.equal((await t.call("GET", "/api/shifts")).status, 401);
  } finally {
    await t.close();
  }
});
