// The client-server boundary (scripts/web-boundary.ts): web/ imports from server/ only what is
// shared with it, and nothing shared brings drizzle, postgres, a Deno API or a node: builtin into
// the browser.
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { checkBoundary, SHARED } from "../../scripts/web-boundary.ts";

Deno.test("web/ imports only the server modules shared with it, and those are browser-safe", () => {
  const { imported, bundled, breaches } = checkBoundary();
  assert.deepEqual(breaches, []);
  // The check sees the imports: the client does read roles, schemas and the protocol.
  assert.ok(imported.has("server/auth/roles.shared.ts"));
  assert.ok(bundled.includes("server/realtime/protocol.ts"));
  // A module named shared is one the client reads (one it no longer reads loses the name).
  const shared = [...Deno.readDirSync("server")].flatMap((d) =>
    d.isDirectory
      ? [...Deno.readDirSync(`server/${d.name}`)].map((f) => `server/${d.name}/${f.name}`)
      : []
  ).filter((m) => SHARED.test(m));
  assert.ok(shared.includes("server/core/messages.shared.ts"));
  assert.deepEqual(shared.filter((m) => !imported.has(m)), []);
});

Deno.test("the boundary check names each kind of breach", () => {
  const root = Deno.makeTempDirSync();
  const write = (path: string, text: string) => {
    Deno.mkdirSync(join(root, dirname(path)), { recursive: true });
    Deno.writeTextFileSync(join(root, path), text);
  };
  try {
    write(
      "web/src/a.ts",
      [
        'import { can } from "../../server/auth/roles.shared.ts";',
        'import type { Row } from "../../server/things/view.ts";',
        'import { toView } from "../../server/things/view.ts";',
        'import { db } from "../../server/db/client.ts";',
        'import { thing } from "../../server/things/schema.ts";',
      ].join("\n"),
    );
    write("server/auth/roles.shared.ts", 'import postgres from "postgres";\nexport const can = 1;');
    write("server/things/view.ts", "export type Row = 1;\nexport const toView = 1;");
    write("server/db/client.ts", "export const db = 1;");
    write(
      "server/things/schema.ts",
      'import { z } from "zod";\nimport "./io.ts";\nexport const thing = 1;',
    );
    write("server/things/io.ts", 'import { readFile } from "node:fs";\nDeno.env.get("X");');
    const { breaches } = checkBoundary(root);
    assert.deepEqual(
      breaches.sort(),
      [
        "server/db/client.ts reaches the browser: it is server-only",
        "server/things/io.ts reaches the browser and imports node:fs",
        "server/things/io.ts reaches the browser and uses a Deno API",
        "server/auth/roles.shared.ts reaches the browser and imports postgres",
        "web/src/a.ts imports server/db/client.ts, which is not shared with the client",
        "web/src/a.ts imports server/things/view.ts by value: an area's view module is for its answer types",
      ].sort(),
    );
  } finally {
    Deno.removeSync(root, { recursive: true });
  }
});
