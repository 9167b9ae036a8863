import assert from "node:assert/strict";
import { count } from "drizzle-orm";
import { media } from "../../server/db/schema.ts";
import { MEDIA_MAX_BYTES } from "../../server/media/service.ts";
import { makeTestApp, type TestApp } from "../support/test-app.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PDF = new TextEncoder().encode("%PDF-1.4\n%%EOF\n");

function upload(t: TestApp, token: string, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return t.app.request("/api/media/upload", {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

Deno.test("media: an Admin uploads an image or PDF, typed by content, served back safely", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("Admin");
    const user = await t.user("User");
    assert.equal((await upload(t, user.token, PNG, "a.png", "image/png")).status, 403);

    // Named .html and claimed as HTML, but the bytes are a PNG: stored and served as a PNG.
    const res = await upload(t, admin.token, PNG, '../evil".html', "text/html");
    assert.equal(res.status, 201);
    const png = await res.json();
    assert.equal(png.contentType, "image/png");
    // The form sends the quote as %22; whatever arrives is cut to a plain name.
    assert.equal(png.name, "evil_22.png");
    const served = await t.app.request(png.url, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    assert.equal(served.status, 200);
    assert.equal(served.headers.get("content-type"), "image/png");
    assert.equal(served.headers.get("content-disposition"), 'inline; filename="evil_22.png"');
    assert.match(served.headers.get("content-security-policy")!, /sandbox/);
    assert.equal(served.headers.get("x-content-type-options"), "nosniff");
    // A signed-in file must not outlive the sign-out in the browser's cache.
    assert.equal(served.headers.get("cache-control"), "no-store");
    assert.deepEqual(new Uint8Array(await served.arrayBuffer()), PNG);

    const pdf = await (await upload(t, admin.token, PDF, "terms.pdf", "application/pdf")).json();
    const pdfServed = await t.app.request(pdf.url, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    assert.equal(pdfServed.headers.get("content-disposition"), 'attachment; filename="terms.pdf"');
    await pdfServed.body?.cancel();

    // An SVG or HTML page is refused whatever it is called; so is an empty file.
    const svg = new TextEncoder().encode("<svg onload=alert(1)></svg>");
    const refused = await upload(t, admin.token, svg, "logo.png", "image/png");
    assert.equal(refused.status, 400);
    assert.match((await refused.json()).message, /only PNG, JPEG, GIF, WebP images and PDF/);
    assert.equal(
      (await upload(t, admin.token, new Uint8Array(), "a.png", "image/png")).status,
      400,
    );
    const [{ n }] = await t.deps.db.select({ n: count() }).from(media);
    assert.equal(n, 2);
    assert.equal((await t.app.request(png.url)).status, 401);
    const unknown = await t.app.request(`/api/media/${crypto.randomUUID()}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    assert.equal(unknown.status, 404);
  } finally {
    await t.close();
  }
});

Deno.test("media: a file past the limit is refused, a body past the upload limit is 413", async () => {
  const t = await makeTestApp();
  try {
    const admin = await t.user("Admin");
    const big = new Uint8Array(MEDIA_MAX_BYTES + 1);
    big.set(PNG);
    const tooBig = await upload(t, admin.token, big, "big.png", "image/png");
    assert.equal(tooBig.status, 400);
    assert.match((await tooBig.json()).message, /larger than 5 MB/);
    const huge = await upload(t, admin.token, new Uint8Array(MEDIA_MAX_BYTES * 2), "x.png", "");
    assert.equal(huge.status, 413);
  } finally {
    await t.close();
  }
});

Deno.test("contracts: every signed-in role reads the markets the desk may trade", async () => {
  const t = await makeTestApp();
  try {
    const user = await t.user("User");
    assert.equal((await t.app.request("/api/contracts")).status, 401);
    const { items } = await (await t.call("GET", "/api/contracts", { token: user.token })).json();
    const btc = items.find((c: { pair: string; exchange: string }) =>
      c.pair === "btc_usdt" && c.exchange === "binance"
    );
    assert.deepEqual(
      { symbol: btc.symbol, base: btc.base, quote: btc.quote, price: btc.price },
      { symbol: "BTCUSDT", base: "BTC", quote: "USDT", price: "feed" },
    );
    assert.ok(items.some((c: { price: string }) => c.price === "typed"));
    assert.ok(
      !items.some((c: { pair: string; exchange: string }) =>
        c.pair === "mepad_usdt" && c.exchange === "binance"
      ),
    );
  } finally {
    await t.close();
  }
});
