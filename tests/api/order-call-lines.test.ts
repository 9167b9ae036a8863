// A new order's statement reads its user's live call lines with the row (issue 31: the board's
// lookup after the order was a round trip of its own): the lines of the calls sent to the user up
// to CALL_EXPIRY_MS before the row and not expired at its time, none for anyone else or later.
import assert from "node:assert/strict";
import { callLinesOf, insertTransaction } from "../../server/transactions/record.ts";
import { makeTestApp } from "../support/test-app.ts";
import { expectStatus, setGroup } from "./transactions-fixtures.ts";

Deno.test("order statement: the row's live call lines come with it", async () => {
  const t = await makeTestApp();
  try {
    t.market.sim("binance")!.setPrice("btc_usdt", "60000");
    const lead = await t.user("Lead", "lines_lead");
    const member = await t.user("User", "lines_member");
    const stranger = await t.user("User", "lines_stranger");
    await setGroup(t, lead.id, "lines");
    await setGroup(t, member.id, "lines");
    await setGroup(t, stranger.id, "elsewhere");
    const call = await expectStatus(t, 201, "POST", "/api/calls", {
      token: lead.token,
      body: { target: "BUY", count: 1 },
    });
    const within = t.deps.config.CALL_EXPIRY_MS;
    const row = (userId: number, at: number) => ({
      userId,
      status: "BUY" as const,
      pair: "btc_usdt",
      exchange: "binance" as const,
      adapter: "none",
      marketPrice: "60000",
      buyPrice: "60000",
      sellPrice: "60600",
      amount: "100",
      quantity: "0.00166666",
      createdAt: new Date(at),
      updatedAt: new Date(at),
    });
    const write = (userId: number, at: number) =>
      insertTransaction(t.deps.database, row(userId, at), { callLinesWithin: within });

    const during = await write(member.id, call.createdAt + 1500);
    assert.deepEqual(callLinesOf(during), [{
      callId: call.id,
      target: "BUY",
      callAt: call.createdAt,
      userId: member.id,
      pair: "btc_usdt",
    }]);
    assert.deepEqual(callLinesOf(await write(stranger.id, call.createdAt + 1500)), []);
    assert.deepEqual(callLinesOf(await write(member.id, call.createdAt - 1)), []);
    assert.deepEqual(callLinesOf(await write(member.id, call.expiresAt + 1)), []);
    // Not asked: nothing read, and the board looks the lines up itself (server/call-board/lines.ts).
    assert.equal(
      callLinesOf(await insertTransaction(t.deps.database, row(member.id, 0))),
      undefined,
    );
  } finally {
    await t.close();
  }
});
