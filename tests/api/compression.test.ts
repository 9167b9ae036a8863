import assert from "node:assert/strict";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { precompress } from "../../scripts/precompress.ts";
import { startFakeYahoo } from "../fakes/fake-yahoo.ts";
import { acceptsGzip, GZIP_THRESHOLD } from "../../server/core/gzip-json.ts";
import { makeTestApp } from "../support/test-app.ts";
import { until } from "../support/until.ts";

const SCRIPT = `console.log(${JSON.stringify("x".repeat(4000))});\n`;
const INDEX = `<!doctype html><title>Gate Bot</title>${"<!-- shell -->".repeat(200)}`;

async function builtClient() {
  const dir = await Deno.makeTempDir();
  await Deno.mkdir(`${dir}/assets`);
  await Deno.writeTextFile(`${dir}/assets/app-abc123.js`, SCRIPT);
  await Deno.writeTextFile(`${dir}/assets/tiny-abc123.js`, "1;");
  await Deno.writeTextFile(`${dir}/index.html`, INDEX);
  assert.equal(await precompress(dir), 2, "the two files past 1 KB get compressed copies");
  return dir;
}

Deno.test("web client: built assets go out as brotli, gzip or plain by Accept-Encoding", async () => {
  const dir = await builtClient();
  const t = await makeTestApp({ WEB_DIST: dir });
  try {
    const get = (path: string, encoding?: string) =>
      t.app.request(path, { headers: encoding ? { "accept-encoding": encoding } : {} });
    const br = await get("/assets/app-abc123.js", "gzip, deflate, br");
    assert.equal(br.headers.get("content-encoding"), "br");
    assert.match(br.headers.get("vary") ?? "", /Accept-Encoding/);
    assert.match(br.headers.get("content-type") ?? "", /javascript/);
    assert.match(br.headers.get("cache-control") ?? "", /immutable/);
    const brBody = new Uint8Array(await br.arrayBuffer());
    assert.ok(brBody.length < SCRIPT.length / 10);
    assert.equal(new TextDecoder().decode(brotliDecompressSync(brBody)), SCRIPT);

    const gz = await get("/assets/app-abc123.js", "gzip");
    assert.equal(gz.headers.get("content-encoding"), "gzip");
    assert.equal(
      new TextDecoder().decode(gunzipSync(new Uint8Array(await gz.arrayBuffer()))),
      SCRIPT,
    );

    const plain = await get("/assets/app-abc123.js");
    assert.equal(plain.headers.get("content-encoding"), null);
    assert.equal(await plain.text(), SCRIPT);

    // Too small to be worth a copy: sent as it is even to a browser that accepts brotli.
    const tiny = await get("/assets/tiny-abc123.js", "br");
    assert.equal(tiny.headers.get("content-encoding"), null);
    assert.equal(await tiny.text(), "1;");

    // A deep link gets index.html, compressed and never cached.
    const page = await get("/dashboard", "br");
    assert.equal(page.headers.get("content-encoding"), "br");
    assert.equal(page.headers.get("cache-control"), "no-cache");
    assert.match(page.headers.get("content-type") ?? "", /text\/html/);
    const html = brotliDecompressSync(new Uint8Array(await page.arrayBuffer()));
    assert.equal(new TextDecoder().decode(html), INDEX);
  } finally {
    await t.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("web client: a missing build answers 503 with how to build it", async () => {
  const t = await makeTestApp({ WEB_DIST: "/nonexistent-dist" });
  try {
    const res = await t.app.request("/dashboard");
    assert.equal(res.status, 503);
    assert.match(await res.text(), /deno task build:web/);
  } finally {
    await t.close();
  }
});

Deno.test("api: JSON answers past 1 KB are gzipped for clients that accept it", async () => {
  const t = await makeTestApp();
  try {
    const u = await t.user("Admin");
    const headers = { authorization: `Bearer ${u.token}` };
    const get = (path: string, encoding?: string) =>
      t.app.request(path, {
        headers: encoding === undefined ? headers : { ...headers, "accept-encoding": encoding },
      });
    // One user: an answer under 1 KB goes as it is, even to a client that takes gzip.
    const small = await get("/api/users/all", "gzip, br");
    assert.equal(small.headers.get("content-encoding"), null);
    assert.match(small.headers.get("vary") ?? "", /Accept-Encoding/);
    assert.ok((await small.text()).length < GZIP_THRESHOLD);

    for (let i = 0; i < 8; i++) await t.user("User");
    const plain = await get("/api/users/all");
    assert.equal(plain.headers.get("content-encoding"), null);
    assert.match(plain.headers.get("vary") ?? "", /Accept-Encoding/);
    const text = await plain.text();
    assert.ok(text.length > GZIP_THRESHOLD, `${text.length} bytes`);
    for (const encoding of ["gzip, br", "br;q=1.0, gzip;q=0.8", "*"]) {
      const zipped = await get("/api/users/all", encoding);
      assert.equal(zipped.status, 200);
      assert.equal(zipped.headers.get("content-encoding"), "gzip", encoding);
      assert.match(zipped.headers.get("content-type") ?? "", /^application\/json/);
      assert.ok(zipped.headers.get("x-request-id"), "the id support quotes stays on it");
      assert.equal(zipped.headers.get("cache-control"), "no-store");
      const sent = new Uint8Array(await zipped.arrayBuffer());
      assert.ok(sent.length < text.length / 2, `${sent.length} of ${text.length} bytes`);
      assert.equal(new TextDecoder().decode(gunzipSync(sent)), text);
    }
    // Refused or not offered: plain.
    for (const encoding of ["gzip;q=0", "br", "*;q=0", "identity"]) {
      const res = await get("/api/users/all", encoding);
      assert.equal(res.headers.get("content-encoding"), null, encoding);
      assert.equal(await res.text(), text);
    }
  } finally {
    await t.close();
  }
});

Deno.test("acceptsGzip reads Accept-Encoding's names, q values and wildcard", () => {
  assert.equal(acceptsGzip(undefined), false);
  assert.equal(acceptsGzip(""), false);
  assert.equal(acceptsGzip("gzip"), true);
  assert.equal(acceptsGzip("GZIP ; Q=0.5"), true);
  assert.equal(acceptsGzip("deflate, gzip;q=0"), false);
  assert.equal(acceptsGzip("gzip;q=0, *"), false);
  assert.equal(acceptsGzip("*;q=0.1"), true);
  assert.equal(acceptsGzip("br, deflate"), false);
});

Deno.test("API gzip: a read its client left gets its 503 and nothing more, no 500 from compressing it", async () => {
  // Yahoo answers after the client has gone: the handler then ends normally, its 503 long sent.
  const fake = startFakeYahoo({ delayMs: 300 });
  const t = await makeTestApp({ YAHOO_URL: fake.url });
  const logged: string[] = [];
  const consoleError = console.error;
  console.error = (...args: unknown[]) => void logged.push(args.map(String).join(" "));
  try {
    const { token } = await t.user("User");
    const client = new AbortController();
    const answer = t.app.request(
      "/api/yahoo-finance/chart?symbol=BTC-USD&interval=1d&period1=1764547200&period2=1765411200",
      {
        headers: { authorization: `Bearer ${token}`, "accept-encoding": "gzip" },
        signal: client.signal,
      },
    );
    await until(() => fake.requests.length === 1, 5000, "the request to reach Yahoo");
    client.abort();
    const res = await answer;
    assert.equal(res.status, 503);
    // Read whole, as the server's connection reads an answer it sends.
    const sent = new Uint8Array(await res.arrayBuffer());
    const body = res.headers.get("content-encoding") === "gzip" ? gunzipSync(sent) : sent;
    assert.match(new TextDecoder().decode(body), /"message"/);
    await new Promise((r) => setTimeout(r, 600));
    assert.deepEqual(logged.filter((l) => / 500\b/.test(l)), [], logged.join("\n"));
  } finally {
    console.error = consoleError;
    await t.close();
    await fake.close();
  }
});
