// Serves the built client: its files, and index.html for every other non-API path so deep links
// load the app (the client router shows its own 404 page).
import { Hono } from "hono";
import { serveStatic } from "hono/deno";
import type { AppEnv } from "./core/env.ts";

export function webClient(distDir: string) {
  let indexHtml: string | undefined;
  return new Hono<AppEnv>()
    .use(
      "/assets/*",
      serveStatic({
        root: distDir,
        onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
      }),
    )
    .use("*", serveStatic({ root: distDir }))
    .get("*", async (c) => {
      try {
        indexHtml ??= await Deno.readTextFile(`${distDir}/index.html`);
      } catch {
        return c.text("The web client is not built. Run: deno task build:web", 503);
      }
      c.header("Cache-Control", "no-cache");
      return c.html(indexHtml);
    });
}
