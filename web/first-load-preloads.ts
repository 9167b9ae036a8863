// What each first load fetches after the entry script, named in index.html so that boot.js can ask
// for it at once: left to the entry, the login or signed-in code is requested only once the entry
// has downloaded and run, a whole round trip later on a phone's network. Which load it is (signed
// in or not, the dashboard or another page, which language) only the browser knows, so the build
// writes the choices and boot.js picks (web/public/boot.js).
import type { Plugin } from "vite";

/**
 * The first-load chunks (web/first-load-chunks.ts) each kind of load runs after the entry. The
 * dashboard's own chunk is left to the signed-in area to ask for: fetched with the rest, the shell
 * and the dashboard came up in one larger commit and the page's largest paint came later
 * (Lighthouse mobile, 4 runs each: LCP 1.2–1.3 s against 0.8–1.2 s, TBT no better).
 */
const NEEDS: Record<string, string[]> = {
  login: ["app", "login"],
  signedIn: ["app", "signed-in"],
};

interface BuiltChunk {
  type: "chunk" | "asset";
  name?: string;
  fileName: string;
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * need -> the files it fetches (scripts and their stylesheets), from the built chunks. Each
 * language's chunk (`messages-fr`, web/vite.config.ts) is a need of its own name.
 */
export function firstLoadFiles(chunks: BuiltChunk[]): Record<string, string[]> {
  const built = chunks.filter((c) => c.type === "chunk");
  const byName = new Map(built.map((c) => [c.name, c]));
  const languages = built.flatMap((c): [string, string[]][] =>
    c.name?.startsWith("messages-") ? [[c.name, [c.name]]] : []
  );
  return Object.fromEntries(
    [...Object.entries(NEEDS), ...languages].map(([need, names]) => [
      need,
      names.flatMap((name) => {
        const chunk = byName.get(name);
        return chunk ? [chunk.fileName, ...(chunk.viteMetadata?.importedCss ?? [])] : [];
      }),
    ]),
  );
}

export function firstLoadPreloads(): Plugin {
  return {
    name: "gatebot-first-load-preloads",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        if (!ctx.bundle) return;
        const files = firstLoadFiles(Object.values(ctx.bundle) as unknown as BuiltChunk[]);
        return [{
          tag: "script",
          // A data block: never run, so the CSP's script-src does not apply.
          attrs: { type: "application/json", id: "first-load" },
          children: JSON.stringify(files),
          injectTo: "head",
        }];
      },
    },
  };
}
