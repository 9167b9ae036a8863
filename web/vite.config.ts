import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { firstLoadChunks, writeFirstLoadPlan } from "./first-load-chunks.ts";
import { firstLoadPreloads } from "./first-load-preloads.ts";
import { mantineHooks } from "./mantine-hooks-plugin.ts";
import { mantineStaticStyles } from "./mantine-static-styles-plugin.ts";
import { serviceWorker } from "./pwa-plugin.ts";

const root = new URL(".", import.meta.url).pathname;
// The two builds of scripts/build-web.ts: the first plans the first-load chunks, writing nothing
// else; the second groups by the plan. A build with neither splits as the bundler likes.
const planTo = Deno.env.get("FIRST_LOAD_PLAN_OUT");
const plan = Deno.env.get("FIRST_LOAD_PLAN");

export default defineConfig({
  root,
  plugins: [
    react(),
    mantineHooks(),
    mantineStaticStyles(),
    serviceWorker(
      new URL("./src/pwa/service-worker.js", import.meta.url),
      new URL("./public/", import.meta.url),
    ),
    planTo ? writeFirstLoadPlan(planTo) : null,
    firstLoadPreloads(),
    scrollAreaWithoutFloatingUi(),
  ],
  build: {
    outDir: `${root}dist`,
    emptyOutDir: true,
    write: !planTo,
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // Each language's messages of every area in one chunk, fetched only when it is chosen
        // (web/src/i18n/index.ts): one request per language, none for English.
        codeSplitting: {
          groups: [{
            name: (id) => `messages-${id.match(/\.(zh|es|fr|it)\.ts$/)![1]}`,
            test: /messages\.(zh|es|fr|it)\.ts$/,
          }, ...(plan ? [firstLoadGroup(plan)] : [])],
        },
      },
    },
  },
  server: {
    proxy: { "/api": { target: "http://127.0.0.1:8000", ws: true } },
  },
});

/** What a first load of /login or /dashboard runs, in a few chunks instead of ~40. */
function firstLoadGroup(planFile: string) {
  return {
    name: firstLoadChunks(planFile),
    // The plan places every module a first load runs, its imports included: none may follow
    // the module importing it into that module's chunk.
    includeDependenciesRecursively: false,
  };
}

/** ScrollArea's one hook from @floating-ui/react, from a module of ours (web/src/ui/merge-refs.ts). */
function scrollAreaWithoutFloatingUi(): Plugin {
  const mergeRefs = `${root}src/ui/merge-refs.ts`;
  return {
    name: "gatebot-scroll-area-refs",
    enforce: "pre",
    resolveId(source, importer) {
      const fromScrollArea = importer && /[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(importer);
      return source === "@floating-ui/react" && fromScrollArea ? mergeRefs : null;
    },
  };
}
