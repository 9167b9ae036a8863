// Emits the service worker (src/pwa/service-worker.js) as /sw.js with the list of every file of
// this build, so it caches exactly the app shell the build made; a new build is a new worker.
import type { Plugin } from "vite";

/**
 * `source`: the worker's code; `publicDir`: files Vite copies as they are, which the bundle does not
 * list: each of them is part of the shell too, so none can be forgotten.
 */
export function serviceWorker(source: URL, publicDir: URL): Plugin {
  return {
    name: "gatebot-service-worker",
    apply: "build",
    async generateBundle(_options, bundle) {
      const built = Object.keys(bundle)
        .filter((name) => !name.startsWith(".vite/") && name !== "index.html")
        .map((name) => `/${name}`)
        .sort();
      const shell = ["/index.html", ...await filesIn(publicDir), ...built];
      const version = await digest(shell.join("\n"));
      const code = (await Deno.readTextFile(source))
        .replace("self.__SHELL__", JSON.stringify(shell))
        .replace("self.__VERSION__", JSON.stringify(version));
      this.emitFile({ type: "asset", fileName: "sw.js", source: code });
    },
  };
}

async function digest(text: string) {
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(bytes).slice(0, 6), (b) => b.toString(16).padStart(2, "0"))
    .join("");
}

/** Every file below `dir`, as absolute URL paths. */
async function filesIn(dir: URL, prefix = "/"): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isDirectory) {
      found.push(...await filesIn(new URL(`${entry.name}/`, dir), `${prefix}${entry.name}/`));
    } else {
      found.push(`${prefix}${entry.name}`);
    }
  }
  return found.sort();
}
