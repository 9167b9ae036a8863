// Serves the built client: its files, and index.html for every other non-API path so deep links
// load the app (the client router shows its own 404 page). Files go out as the build's brotli or
// gzip copies when the browser accepts them (scripts/precompress.ts).
import { Hono } from "hono";
import { serveStatic } from "hono/deno";
import type { AppEnv } from "./auth/env.ts";

export function webClient(distDir: string) {
  return new Hono<AppEnv>()
    .use(
      "/assets/*",
      serveStatic({
        root: distDir,
        precompressed: true,
        onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
      }),
    )
    .use("*", serveStatic({ root: distDir, precompressed: true, onFound: noCache }))
    .get(
      "*",
      serveStatic({ root: distDir, path: "index.html", precompressed: true, onFound: noCache }),
      (c) => c.text("The web client is not built. Run: deno task build:web", 503),
    );
}

// index.html names the hashed assets of the current build, so it is checked on every load.
const noCache = (_path: string, c: { header(name: string, value: string): void }) =>
  c.header("Cache-Control", "no-cache");
