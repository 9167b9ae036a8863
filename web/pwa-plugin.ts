// Emits the service worker (src/pwa/service-worker.js) as /sw.js with the list of every file of
// this build, so it caches exactly the app shell the build made; a new build is a new worker.
import type { Plugin } from "vite";

/** Files from public/ that belong to the shell (Vite copies them; the bundle does not list them). */
const PUBLIC_SHELL = [
  "/index.html",
  "/boot.js",
  "/manifest.webmanifest",
  "/icons/icon.svg",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
  "/icons/apple-touch-icon.png",
];

export function serviceWorker(source: URL): Plugin {
  return {
    name: "gatebot-service-worker",
    apply: "build",
    async generateBundle(_options, bundle) {
      const built = Object.keys(bundle)
        .filter((name) => !name.startsWith(".vite/") && name !== "index.html")
        .map((name) => `/${name}`)
        .sort();
      const shell = [...PUBLIC_SHELL, ...built];
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
