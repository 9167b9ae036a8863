// The JavaScript a phone downloads to show /login: the entry chunk, its static imports, and the
// login page's lazy chunk with its own. Read from the Vite manifest of web/dist, gzipped here.
import { gzipSync } from "node:zlib";

const LIMIT_KB = 150;
const dist = new URL("../../web/dist/", import.meta.url).pathname;

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
  src?: string;
}

export async function loginRouteKb(): Promise<{ kb: number; files: string[] }> {
  const manifest: Record<string, Chunk> = JSON.parse(
    await Deno.readTextFile(`${dist}.vite/manifest.json`),
  );
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
  visit(entry);
  visit(Object.keys(manifest).find((k) => k.endsWith("auth/login-page.tsx"))!);
  let bytes = 0;
  const files = [...seen].map((k) => manifest[k].file);
  for (const file of files) bytes += gzipSync(await Deno.readFile(`${dist}${file}`)).length;
  return { kb: bytes / 1024, files };
}

export async function run() {
  const { kb, files } = await loginRouteKb();
  const ok = kb < LIMIT_KB;
  console.log(
    `login route JavaScript: ${kb.toFixed(1)} KB gzipped in ${files.length} files ` +
      `(limit ${LIMIT_KB} KB) ${ok ? "OK" : "OVER"}`,
  );
  return ok;
}

if (import.meta.main) Deno.exit((await run()) ? 0 : 1);
