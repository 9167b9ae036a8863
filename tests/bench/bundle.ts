// Bytes on the wire for a phone's first visit: /login signed out, and /dashboard signed in with an
// empty cache. Chromium loads each page from the real app serving web/dist; every response's
// encoded size (headers and compressed body, as the network carried it) is summed from the
// DevTools protocol. Held to half of FreqUI's 351 KB each.
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../e2e/support/browser.ts";
import { type E2EServer, startE2EServer } from "../e2e/support/server.ts";
import { contextWith, storedSession } from "../e2e/support/stored-session.ts";

const LIMIT_KB = 175;
/** BUNDLE_VERBOSE=1 lists every response's size, to see what a page's bytes are made of. */
/** What the dashboard asks for once it has painted (the chart's code): counted apart. */
const AFTER_PAINT = /\/assets\/(candle-chart|react-apexcharts)[^/]*\.js$/;
const VERBOSE = Deno.env.has("BUNDLE_VERBOSE");

/** Loads `path` in a fresh context (optionally signed in) and sums the bytes received. */
async function wireBytes(
  browser: Browser,
  server: E2EServer,
  path: string,
  ready: (page: Page) => Promise<void>,
  session?: string,
) {
  const context = await contextWith(browser, server, { session });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  let bytes = 0;
  let later = 0;
  let requests = 0;
  const urls = new Map<string, string>();
  cdp.on("Network.responseReceived", (e) => urls.set(e.requestId, e.response.url));
  cdp.on("Network.loadingFinished", (e) => {
    if (VERBOSE) console.log(`  ${e.encodedDataLength} B ${urls.get(e.requestId)}`);
    if (AFTER_PAINT.test(urls.get(e.requestId) ?? "")) later += e.encodedDataLength;
    else bytes += e.encodedDataLength;
    requests++;
  });
  await page.goto(server.baseUrl + path);
  await ready(page);
  await page.waitForLoadState("networkidle");
  await context.close();
  return { kb: bytes / 1024, laterKb: later / 1024, requests };
}

export async function run() {
  const server = await startE2EServer();
  const browser = await launchBrowser();
  try {
    const login = await wireBytes(
      browser,
      server,
      "/login",
      (page) => page.getByTestId("login-username").waitFor(),
    );
    const lead = await server.user("Lead");
    const session = await storedSession(browser, server, lead);
    const dashboard = await wireBytes(
      browser,
      server,
      "/dashboard",
      (page) => page.getByTestId("live-price").getByText("$").waitFor(),
      session,
    );
    let ok = true;
    for (
      const [name, { kb, laterKb, requests }] of [["/login", login], [
        "/dashboard (first load, Lead)",
        dashboard,
      ]] as const
    ) {
      const within = kb <= LIMIT_KB;
      ok &&= within;
      console.log(
        `${name}: ${kb.toFixed(1)} KB on the wire in ${requests} responses ` +
          `(limit ${LIMIT_KB} KB) ${within ? "OK" : "OVER"}` +
          (laterKb ? `; after the first paint, the chart's code: ${laterKb.toFixed(1)} KB` : ""),
      );
    }
    return ok;
  } finally {
    await browser.close();
    await server.close();
  }
}

if (import.meta.main) Deno.exit((await run()) ? 0 : 1);
