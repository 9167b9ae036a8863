import assert from "node:assert/strict";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { accessLogger, accessLogLine, batchedLines } from "../../server/core/access-log.ts";

Deno.test("access log: one line per answered request, with its status and request id", async () => {
  const lines: string[] = [];
  const app = new Hono<{ Variables: { requestId: string } }>();
  app.use("*", requestId());
  app.use("*", accessLogger((line) => lines.push(line)));
  app.post("/api/transaction", (c) => c.json({}, 201));
  const res = await app.request("/api/transaction?x=1", { method: "POST" });
  assert.equal(lines.length, 1);
  assert.match(
    lines[0],
    new RegExp(`^--> POST /api/transaction\\?x=1 201 \\d+ms ${res.headers.get("x-request-id")}$`),
  );
  assert.equal(accessLogLine("GET", "/a", 404, 2500, "id"), "--> GET /a 404 3s id");
});

Deno.test("access log: waiting lines go out in one write, none at once", () => {
  const writes: string[] = [];
  const log = batchedLines((text) => writes.push(text));
  log.line("a");
  log.line("b");
  assert.deepEqual(writes, []);
  log.flush();
  assert.deepEqual(writes, ["a\nb\n"]);
  log.flush();
  assert.deepEqual(writes, ["a\nb\n"], "nothing waiting, nothing written");
});
