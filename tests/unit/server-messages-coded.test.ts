// Every message the server words for a person comes from the one catalogue (server/core/messages.shared.ts),
// so the client can show it in the user's language: an error thrown with a bare English string is
// a message the catalogue, and so the five-language check, never sees.
import assert from "node:assert/strict";

async function* walk(dir: URL): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
    if (entry.isDirectory) yield* walk(url);
    else yield url.pathname;
  }
}

const BARE = [
  // badRequest("..."), forbidden(`...`): the helpers take msg(...).
  /\b(?:badRequest|conflict|notFound|forbidden|unauthorized)\(\s*[`"']/g,
  // new AppError("FORBIDDEN", "..."), new ExchangeError("paper", `...`).
  /\bnew (?:AppError|ExchangeError|TradingRefused)\(\s*[^,()]+,\s*[`"']/g,
  // c.json({ message: "..." }), return { id, message: "Deleted" }: an answer, refusal or success,
  // worded in place.
  /\b(?:return|c\.json\()\s*\{[^{}]*\bmessage:\s*[`"']/g,
];

Deno.test("server: no message outside the catalogue", async () => {
  const found: string[] = [];
  for await (const path of walk(new URL("../../server/", import.meta.url))) {
    if (!path.endsWith(".ts")) continue;
    const text = await Deno.readTextFile(path);
    for (const pattern of BARE) {
      for (const m of text.matchAll(pattern)) {
        const line = text.slice(0, m.index).split("\n").length;
        found.push(`${path.replace(/.*\/server\//, "server/")}:${line}: ${m[0]}`);
      }
    }
  }
  assert.deepEqual(found, []);
});
