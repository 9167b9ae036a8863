// Every message the server words for a person comes from the one catalogue (server/core/messages.shared.ts),
// so the client can show it in the user's language: an error thrown with a bare English string is
// a message the catalogue, and so the five-language check, never sees.
import assert from "node:assert/strict";
import { issueMessage } from "../../server/core/messages.shared.ts";

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

// A schema's own issue text (the server's 400s and the client's forms say it): a message: or
// error: option, or the last argument of a zod check, each a literal the catalogue must know.
const ISSUE = [
  /\b(?:message|error):\s*(["'`])((?:(?!\1).)*)\1/g,
  /(?:\.|\bz\.)(?:min|max|int|regex|length|email|refine|nonnegative|positive|minLength|maxLength|gte|lte|gt|lt)\((?:[^()"'`]|\([^()]*\))*?(["'`])((?:(?!\1).)*)\1\s*\)/g,
];
// The configuration's rules speak to the operator at start-up, never in an answer.
const OPERATOR_ONLY = new Set(["server/config.ts"]);

Deno.test("server: every schema issue is a message of the catalogue", async () => {
  const found: string[] = [];
  for await (const path of walk(new URL("../../server/", import.meta.url))) {
    const name = path.replace(/.*\/server\//, "server/");
    if (!path.endsWith(".ts") || OPERATOR_ONLY.has(name)) continue;
    const text = await Deno.readTextFile(path);
    for (const pattern of ISSUE) {
      for (const m of text.matchAll(pattern)) {
        if (issueMessage(m[2])) continue;
        found.push(`${name}:${text.slice(0, m.index).split("\n").length}: ${m[2]}`);
      }
    }
  }
  assert.deepEqual(found, []);
});
