import assert from "node:assert/strict";
import {
  binanceSignature,
  gateRestSign,
  gateWsSign,
  hmacHex,
  sha512Hex,
} from "../../server/exchanges/signing.ts";

// Binance spot API documentation, "SIGNED endpoint examples for POST /api/v3/order".
const BINANCE_SECRET = "NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j";

Deno.test("binanceSignature() matches Binance's documented example for a query string", async () => {
  const payload =
    "symbol=LTCBTC&side=BUY&type=LIMIT&timeInForce=GTC&quantity=1&price=0.1&recvWindow=5000&timestamp=1499827319559";
  assert.equal(
    await binanceSignature(BINANCE_SECRET, payload),
    "c8db56825ae71d6d79447849e617115f4a920fa2acdcab2b053c4b2838bd6b71",
  );
});

Deno.test("binanceSignature() of query followed by body (no separator) matches the mixed example", async () => {
  // The same documentation's example 3: query and body are concatenated with nothing between.
  const query = "symbol=LTCBTC&side=BUY&type=LIMIT&timeInForce=GTC";
  const body = "quantity=1&price=0.1&recvWindow=5000&timestamp=1499827319559";
  assert.equal(
    await binanceSignature(BINANCE_SECRET, query + body),
    "0fd168b8ddb4876a0358a8d14d0c9f3da0e9b20c5d52b2a00fcf7d1c602f9a77",
  );
});

// Gate APIv4 documentation, "Authentication" examples: key "key", secret "secret", 1541993715.
Deno.test("gateRestSign() matches Gate's documented GET example with a query string", async () => {
  assert.equal(
    await gateRestSign("secret", {
      method: "GET",
      path: "/api/v4/futures/orders",
      query: "contract=BTC_USD&status=finished&limit=50",
      body: "",
      timestamp: 1541993715,
    }),
    "55f84ea195d6fe57ce62464daaa7c3c02fa9d1dde954e4c898289c9a2407a3d6fb3faf24deff16790d726b66ac9f74526668b13bd01029199cc4fcc522418b8a",
  );
});

Deno.test("gateRestSign() matches Gate's documented POST example with a JSON body", async () => {
  assert.equal(
    await gateRestSign("secret", {
      method: "POST",
      path: "/api/v4/futures/orders",
      query: "",
      body: '{"contract":"BTC_USD","type":"limit","size":100,"price":6800,"time_in_force":"gtc"}',
      timestamp: 1541993715,
    }),
    "eae42da914a590ddf727473aff25fc87d50b64783941061f47a3fdb92742541fc4c2c14017581b4199a1418d54471c269c03a38d788d802e2c306c37636389f0",
  );
});

Deno.test("sha512Hex() of the empty body is the constant Gate's documentation prints", async () => {
  assert.equal(
    await sha512Hex(""),
    "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e",
  );
});

Deno.test("gateWsSign() signs 'channel=..&event=..&time=..' as openssl does", async () => {
  const text = "channel=spot.tickers&event=subscribe&time=1541993715";
  const cmd = new Deno.Command("openssl", {
    args: ["dgst", "-sha512", "-hmac", "secret"],
    stdin: "piped",
    stdout: "piped",
  }).spawn();
  const writer = cmd.stdin.getWriter();
  await writer.write(new TextEncoder().encode(text));
  await writer.close();
  const out = new TextDecoder().decode((await cmd.output()).stdout);
  const expected = out.trim().split(" ").at(-1);
  assert.equal(await gateWsSign("secret", "spot.tickers", "subscribe", 1541993715), expected);
  assert.equal(await hmacHex("SHA-512", "secret", text), expected);
});
