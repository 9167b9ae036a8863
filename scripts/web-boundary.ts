// The client-server boundary: which server modules web/src imports, and whether each may be.
// The browser gets what web/ imports by value, and all that those modules import by value in turn;
// `import type` is erased by the build. So:
// - web/ imports from server/ only the modules shared with it: each area's zod schemas
//   (schema.ts, *-schema.ts), the realtime protocol (protocol.ts), and the *.shared.ts rules; an area's
//   answer types (view.ts) it imports as types only;
// - what those modules import by value, transitively, is shared code too: no package but zod and
//   decimal.js, no node: builtin, no Deno API, so no drizzle, postgres or server-only module.
// `deno run -A scripts/web-boundary.ts` prints the modules, what reaches the browser and any
// breach (exit 0 either way); tests/unit/web-server-boundary.test.ts fails on a breach.
import { dirname, join, relative, resolve } from "node:path";

/**
 * Shared rules and constants that are neither a schema nor the protocol carry it in their name:
 * `<name>.shared.ts`, so a reader of the module knows the browser gets it too.
 */
export const SHARED = /\.shared\.ts$/;

const SCHEMA = /(^|\/|-)schema\.ts$/;
const PROTOCOL = /\/protocol\.ts$/;
const VIEW = /\/view\.ts$/;
/** Packages the browser may get from a shared module. */
const PACKAGES = /^(zod|zod\/mini|zod\/v4\/core|decimal\.js)$/;
/** Drizzle's `db` module is server/db/client.ts; its schema is drizzle tables, server-only too. */
const SERVER_ONLY_FILE = /^server\/db\/(?!enums\.shared\.ts$)/;

export interface Import {
  from: string;
  /** A repository path for a relative specifier, else the specifier itself. */
  to: string;
  typeOnly: boolean;
}

// import/export ... from "x" (type-only when `type` follows the keyword or every name inside the
// braces is a type), import("x"), and bare `import "x"`.
const STATEMENT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|(?:^|\n)\s*import\s*["']([^"']+)["']/g;

const allTypes = (clause: string) => {
  const names = clause.match(/^\{([^}]*)\}$/)?.[1].split(",").map((n) => n.trim()).filter(Boolean);
  return !!names?.length && names.every((n) => n.startsWith("type "));
};

/** `file` and the paths returned are relative to the repository's root, `root`. */
export function importsOf(root: string, file: string, text: string): Import[] {
  const out: Import[] = [];
  for (const m of text.matchAll(STATEMENT)) {
    const specifier = m[4] ?? m[5] ?? m[6];
    const typeOnly = m[4] !== undefined && (!!m[2] || allTypes(m[3].trim()));
    const to = specifier.startsWith(".")
      ? relative(root, resolve(root, dirname(file), specifier))
      : specifier;
    out.push({ from: file, to, typeOnly });
  }
  return out;
}

const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

function* sourceFiles(root: string, dir: string): Generator<string> {
  for (const entry of Deno.readDirSync(join(root, dir))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) yield* sourceFiles(root, path);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield path;
  }
}

export interface Boundary {
  /** Each server module web/ imports, with whether any import of it is by value. */
  imported: Map<string, { byValue: boolean; from: string[] }>;
  /** Server modules the browser gets (what web/ imports by value, and their value imports). */
  bundled: string[];
  breaches: string[];
}

/** `root`: the repository (its web/src and server/). */
export function checkBoundary(root = "."): Boundary {
  const read = new Map<string, string>();
  const text = (file: string) => {
    if (!read.has(file)) read.set(file, Deno.readTextFileSync(join(root, file)));
    return read.get(file)!;
  };
  const imported = new Map<string, { byValue: boolean; from: string[] }>();
  const breaches: string[] = [];
  for (const file of sourceFiles(root, "web/src")) {
    for (const i of importsOf(root, file, text(file))) {
      if (!i.to.startsWith("server/")) continue;
      const entry = imported.get(i.to) ?? { byValue: false, from: [] };
      entry.byValue ||= !i.typeOnly;
      entry.from.push(file);
      imported.set(i.to, entry);
      const shared = SCHEMA.test(i.to) || PROTOCOL.test(i.to) || SHARED.test(i.to);
      if (!shared && !(VIEW.test(i.to) && i.typeOnly)) {
        breaches.push(
          VIEW.test(i.to)
            ? `${file} imports ${i.to} by value: an area's view module is for its answer types`
            : `${file} imports ${i.to}, which is not shared with the client`,
        );
      }
    }
  }
  const bundled = new Set<string>();
  const queue = [...imported].filter(([, e]) => e.byValue).map(([m]) => m);
  while (queue.length) {
    const file = queue.shift()!;
    if (bundled.has(file)) continue;
    bundled.add(file);
    if (SERVER_ONLY_FILE.test(file)) {
      breaches.push(`${file} reaches the browser: it is server-only`);
    }
    if (/\bDeno\.\w/.test(withoutComments(text(file)))) {
      breaches.push(`${file} reaches the browser and uses a Deno API`);
    }
    for (const i of importsOf(root, file, text(file))) {
      if (i.typeOnly) continue;
      if (i.to.startsWith("server/")) queue.push(i.to);
      else if (!PACKAGES.test(i.to)) {
        breaches.push(`${file} reaches the browser and imports ${i.to}`);
      }
    }
  }
  return { imported, bundled: [...bundled].sort(), breaches };
}

if (import.meta.main) {
  const { imported, bundled, breaches } = checkBoundary();
  const lines = (f: string) => Deno.readTextFileSync(f).split("\n").length;
  const webFiles = new Set([...imported.values()].flatMap((e) => e.from));
  console.log(`${webFiles.size} web files import ${imported.size} server modules:`);
  for (const [m, e] of [...imported].sort()) {
    console.log(`  ${e.byValue ? "value" : "type "} ${m} (${e.from.length})`);
  }
  const total = bundled.reduce((n, f) => n + lines(f), 0);
  console.log(`\n${bundled.length} of them reach the browser (${total} lines):`);
  for (const f of bundled) console.log(`  ${f} (${lines(f)})`);
  console.log(`\nbreaches: ${breaches.length}`);
  for (const b of breaches) console.log(`  ${b}`);
}
