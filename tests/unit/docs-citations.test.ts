// The product is described in docs/: every `docs/<file>.md#<anchor>` cited in the code, and every
// link between the docs files, must land on a heading that exists, and no comment may send the
// reader to a document outside the repository ("spec section N", "design section N").
import assert from "node:assert/strict";
import { configSchema } from "../../server/config.ts";
import { PERMISSIONS, type Role } from "../../server/auth/roles.shared.ts";

const root = new URL("../../", import.meta.url).pathname;
const SCANNED = ["server", "web", "tests", "scripts", "deploy", "README.md"];
const SKIP = new Set(["node_modules", "dist", "data"]);
const TEXT = /\.(ts|tsx|md|json|yml|yaml|service|example|css|html)$|Caddyfile$/;

async function* files(path: string): AsyncGenerator<string> {
  const info = await Deno.stat(`${root}${path}`);
  if (info.isFile) {
    if (TEXT.test(path)) yield path;
    return;
  }
  for await (const entry of Deno.readDir(`${root}${path}`)) {
    if (!SKIP.has(entry.name)) yield* files(`${path}/${entry.name}`);
  }
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}

const anchorsOf = new Map<string, Set<string>>();
async function anchors(file: string): Promise<Set<string> | undefined> {
  if (!anchorsOf.has(file)) {
    let text: string;
    try {
      text = await Deno.readTextFile(`${root}docs/${file}`);
    } catch {
      return undefined;
    }
    const seen = new Set<string>();
    for (const [, heading] of text.matchAll(/^#{1,6} (.+)$/gm)) seen.add(slug(heading));
    anchorsOf.set(file, seen);
  }
  return anchorsOf.get(file);
}

async function unresolved(file: string, anchor: string): Promise<string | undefined> {
  const known = await anchors(file);
  if (!known) return `docs/${file} does not exist`;
  if (anchor && !known.has(anchor)) return `docs/${file} has no heading #${anchor}`;
}

Deno.test("slug: GitHub's anchors", () => {
  assert.equal(slug("The 20-second window"), "the-20-second-window");
  assert.equal(slug("Trading limits and the stop button"), "trading-limits-and-the-stop-button");
  assert.equal(slug("`POST /users/login`: sign-in"), "post-userslogin-sign-in");
});

Deno.test("docs: every docs/<file>.md#<anchor> cited in the code names an existing heading", async () => {
  const broken: string[] = [];
  let cited = 0;
  for (const dir of SCANNED) {
    for await (const path of files(dir)) {
      const text = await Deno.readTextFile(`${root}${path}`);
      for (const [, file, anchor] of text.matchAll(/docs\/([a-z0-9-]+\.md)#([a-z0-9-]+)/g)) {
        cited++;
        const why = await unresolved(file, anchor);
        if (why) broken.push(`${path}: ${why}`);
      }
    }
  }
  assert.deepEqual(broken, []);
  assert.ok(cited > 50, `only ${cited} citations found: is the scan looking in the right places?`);
});

Deno.test("docs: every link between the docs files lands on a heading", async () => {
  const broken: string[] = [];
  for await (const path of files("docs")) {
    const text = await Deno.readTextFile(`${root}${path}`);
    const self = path.slice("docs/".length);
    for (const [, target, anchor] of text.matchAll(/\]\(([a-z0-9-]+\.md)?(?:#([a-z0-9-]+))?\)/g)) {
      if (!target && !anchor) continue;
      const why = await unresolved(target ?? self, anchor ?? "");
      if (why) broken.push(`${path}: ${why}`);
    }
  }
  assert.deepEqual(broken, []);
});

Deno.test("code comments cite docs/, not a document outside the repository", async () => {
  const outside: string[] = [];
  for (const dir of SCANNED) {
    for await (const path of files(dir)) {
      if (path.endsWith("docs-citations.test.ts")) continue;
      const lines = (await Deno.readTextFile(`${root}${path}`)).split("\n");
      lines.forEach((line, i) => {
        if (/\b(spec|design) (section|§)|spec §/i.test(line)) outside.push(`${path}:${i + 1}`);
      });
    }
  }
  assert.deepEqual(outside, []);
});

/** The repository paths a text names in backticks (placeholders like `server/<area>/` aside). */
const pathsNamed = (text: string) =>
  [...text.matchAll(/`((?:server|web|tests|scripts|deploy|drizzle)\/[^`\s<>*]*)`/g)]
    .map((m) => m[1]).filter((path) => !path.startsWith("web/dist"));

Deno.test("docs: every file and folder of the repository the docs name exists", async () => {
  const missing: string[] = [];
  for await (const doc of files("docs")) {
    for (const path of pathsNamed(await Deno.readTextFile(`${root}${doc}`))) {
      try {
        await Deno.stat(`${root}${path}`);
      } catch {
        missing.push(`${doc}: ${path}`);
      }
    }
  }
  assert.deepEqual(missing, []);
});

Deno.test("docs/areas.md maps every folder of server/ and web/src/", async () => {
  const named = pathsNamed(await Deno.readTextFile(`${root}docs/areas.md`));
  const unnamed: string[] = [];
  for (const dir of ["server", "web/src"]) {
    for await (const entry of Deno.readDir(`${root}${dir}`)) {
      if (entry.isDirectory && !named.includes(`${dir}/${entry.name}/`)) {
        unnamed.push(`${dir}/${entry.name}/`);
      }
    }
  }
  assert.deepEqual(unnamed, []);
});

const WHO: Record<string, Role[]> = {
  "everyone": ["SuperAdmin", "Admin", "Lead", "User"],
  "Lead and above": ["SuperAdmin", "Admin", "Lead"],
  "Admin and above": ["SuperAdmin", "Admin"],
  "SuperAdmin": ["SuperAdmin"],
};

Deno.test("docs/roles.md: the permission table is server/auth/roles.shared.ts, every permission once", async () => {
  const text = await Deno.readTextFile(`${root}docs/roles.md`);
  const documented: Record<string, Role[]> = {};
  for (
    const [, names, who] of text.matchAll(
      /^\| ([a-zA-Z]+\.[a-zA-Z]+(?:, [a-zA-Z]+\.[a-zA-Z]+)*) +\| ([^|]+?) +\|/gm,
    )
  ) {
    for (const name of names.split(", ")) {
      assert.ok(!(name in documented), `${name} is listed twice`);
      assert.ok(WHO[who], `"${who}" is not one of ${Object.keys(WHO).join(", ")}`);
      documented[name] = WHO[who];
    }
  }
  assert.deepEqual(documented, PERMISSIONS);
});

Deno.test("docs/configuration.md: every environment variable the server reads is described", async () => {
  const text = await Deno.readTextFile(`${root}docs/configuration.md`);
  const table = text.slice(text.indexOf("## Environment variables"), text.indexOf("## Database"));
  const undescribed = Object.keys(configSchema.shape).filter((key) =>
    !table.includes(`\`${key}\``)
  );
  assert.deepEqual(undescribed, []);
});
