// The front door's reading of a client's bytes (server/front-door/client-stream.ts) on an injected
// clock: when each part of a request is due, what a connection past its deadline gets, and when a
// socket frame is refused. connection-guard.test.ts shows the same on real connections.
import assert from "node:assert/strict";
import { ClientStream } from "../../server/front-door/client-stream.ts";

const enc = new TextEncoder();
const limits = { headerTimeoutMs: 1000, bodyTimeoutMs: 3000, maxFrameBytes: 100 };
const bytes = (text: string) => enc.encode(text);
const head = (extra = "") => bytes(`POST /api/users/login HTTP/1.1\r\nHost: x\r\n${extra}\r\n`);

Deno.test("front door: a connection's first head is due at its opening plus HEADER_TIMEOUT_MS", () => {
  const s = new ClientStream(limits, 500);
  assert.equal(s.deadline, 1500);
  // Part of a head moves nothing: the whole head is due by then.
  assert.equal(s.feed(bytes("GET /api/health HTTP/1.1\r\nHo"), 1400), undefined);
  assert.equal(s.deadline, 1500);
  assert.deepEqual(s.overdue(), { why: "head" });
});

Deno.test("front door: a body is due at its head's end plus BODY_TIMEOUT_MS; then idle is not timed", () => {
  const s = new ClientStream(limits, 0);
  s.feed(head("Content-Length: 4\r\n"), 200);
  assert.equal(s.deadline, 3200);
  s.feed(bytes("{}"), 3000);
  assert.equal(s.deadline, 3200, "half a body keeps its deadline");
  s.feed(bytes("{}"), 3100);
  assert.equal(s.deadline, 0, "between requests a kept-alive connection has no deadline");
  // The next request's first byte starts its head's clock.
  s.feed(bytes("G"), 60_000);
  assert.equal(s.deadline, 61_000);
});

Deno.test("front door: an unanswered late body gets 408; one already answered is only closed", () => {
  const late = new ClientStream(limits, 0);
  late.feed(head("Content-Length: 100\r\n"), 0);
  const ending = late.overdue();
  assert.equal(ending.why, "body");
  assert.match(new TextDecoder().decode(ending.reply), /^HTTP\/1.1 408 /);

  const answered = new ClientStream(limits, 0);
  answered.feed(head("Content-Length: 100\r\n"), 0);
  answered.fromServer(bytes("HTTP/1.1 503 Service Unavailable\r\n\r\n"), 10);
  assert.deepEqual(answered.overdue(), { why: "body", reply: undefined });
});

Deno.test("front door: chunked bodies and pipelined requests are followed to their ends", () => {
  const s = new ClientStream(limits, 0);
  const two = `${new TextDecoder().decode(head("Transfer-Encoding: chunked\r\n"))}` +
    "1\r\n{\r\n1;x=y\r\n}\r\n0\r\n\r\n" +
    "GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n";
  assert.equal(s.feed(bytes(two), 100), undefined);
  assert.equal(s.deadline, 0);
  // Split anywhere, the same bytes end the same way.
  const t = new ClientStream(limits, 0);
  for (const b of bytes(two)) t.feed(new Uint8Array([b]), 100);
  assert.equal(t.deadline, 0);
  assert.deepEqual(t.feed(bytes("zz\r\n"), 100), undefined);
  const bad = new ClientStream(limits, 0);
  assert.deepEqual(bad.feed(head("Transfer-Encoding: chunked\r\n"), 0), undefined);
  assert.deepEqual(bad.feed(bytes("not-hex\r\n"), 0), { why: "malformed" });
});

Deno.test("front door: after an upgrade, a frame over the cap is refused as its length is read; an unanswered close is cut", () => {
  const s = new ClientStream(limits, 0);
  s.feed(bytes("GET /api/socket HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\r\n"), 0);
  s.fromServer(bytes("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n"), 5);
  assert.equal(s.deadline, 0, "an open socket has no deadline");
  // A masked text frame of 50 bytes passes; a binary one declaring 126+ bytes (16-bit length
  // 200) is refused before any of its payload arrived.
  assert.equal(
    s.feed(new Uint8Array([0x81, 0x80 | 50, 1, 2, 3, 4, ...new Uint8Array(50)]), 10),
    undefined,
  );
  const ending = s.feed(new Uint8Array([0x82, 0x80 | 126, 0, 200, 9, 9, 9, 9]), 20);
  assert.equal(ending?.why, "frame");
  // Fragments count together: 60 + 60 is over 100.
  const f = new ClientStream(limits, 0);
  f.feed(bytes("GET / HTTP/1.1\r\nUpgrade: websocket\r\n\r\n"), 0);
  f.fromServer(bytes("HTTP/1.1 101 Switching Protocols\r\n\r\n"), 0);
  assert.equal(
    f.feed(new Uint8Array([0x01, 0x80 | 60, 0, 0, 0, 0, ...new Uint8Array(60)]), 1),
    undefined,
  );
  assert.equal(f.feed(new Uint8Array([0x80, 0x80 | 60, 0, 0, 0, 0]), 2)?.why, "frame");
  // The server's close frame starts the client's time to answer it.
  s.fromServer(new Uint8Array([0x88, 2, 0x03, 0xe8]), 1000);
  assert.equal(s.deadline, 3000);
  assert.deepEqual(s.overdue(), { why: "close" });
});
