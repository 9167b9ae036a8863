// The client imports Mantine's styles per component (web/src/app/mantine-styles.ts), not the whole
// styles.css: a component used without its styles file would render unstyled, and no type check
// notices. Every component the client imports from @mantine/core that has a styles file of its own
// must have it imported.
import assert from "node:assert/strict";

const root = new URL("../../", import.meta.url);
const stylesDir = new URL("node_modules/@mantine/core/styles/", root);

async function sources(dir: URL): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
    if (entry.isDirectory) files.push(...await sources(url));
    else if (/\.tsx?$/.test(entry.name)) files.push(await Deno.readTextFile(url));
  }
  return files;
}

Deno.test("mantine styles: every @mantine/core component the client uses has its styles imported", async () => {
  const used = new Set<string>();
  for (const text of await sources(new URL("web/src/", root))) {
    for (const [, names] of text.matchAll(/import \{([^}]*)\} from "@mantine\/core"/g)) {
      for (const name of names.split(",")) {
        const bare = name.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0];
        if (/^[A-Z]/.test(bare)) used.add(bare);
      }
    }
  }
  const imported = await Deno.readTextFile(new URL("web/src/app/mantine-styles.ts", root));
  const missing: string[] = [];
  for (const name of used) {
    const hasStyles = await Deno.stat(new URL(`${name}.css`, stylesDir)).then(
      () => true,
      () => false,
    );
    if (hasStyles && !imported.includes(`@mantine/core/styles/${name}.css`)) missing.push(name);
  }
  assert.ok(used.has("Button"), "the client's Mantine imports were read");
  assert.deepEqual(missing, [], "add these to web/src/app/mantine-styles.ts");
});
