// Opening the signed-in pages one after another as a person does, by the app's own navigation: the
// first page loads the app, each next one only its page. A full load per page made the translation
// and accessibility walks (10 routes × 5 languages or 2 sizes) the browser pass's longest files.
import type { Page } from "playwright-core";

/** Requests in flight on `page`, counted from now. */
function networkOf(page: Page) {
  let inFlight = 0;
  let changed = Date.now();
  const start = () => {
    inFlight++;
    changed = Date.now();
  };
  const end = () => {
    inFlight = Math.max(0, inFlight - 1);
    changed = Date.now();
  };
  page.on("request", start);
  page.on("requestfinished", end);
  page.on("requestfailed", end);
  /** Once no request has been in flight for `quietMs` (Playwright's networkidle, which only
   * follows a load), or after `maxMs` at most. */
  return async (quietMs = 500, maxMs = 10_000) => {
    const until = Date.now() + maxMs;
    while ((inFlight > 0 || Date.now() - changed < quietMs) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
    }
  };
}

/**
 * Shows routes on a fresh `page`: a full load the first time (or when asked), then the app's own
 * navigation (wouter follows history.pushState). Each visit resolves when the route's heading is a new one
 * and the network is quiet.
 */
export function pageVisits(page: Page, baseUrl: string) {
  const quiet = networkOf(page);
  let loaded = false;
  return async (route: string, opts: { reload?: boolean } = {}) => {
    if (!loaded || opts.reload) {
      await page.goto(baseUrl + route);
      loaded = true;
    } else {
      // The last page's headings are marked: the next page's are new elements.
      await page.evaluate((to) => {
        document.querySelectorAll("main h1").forEach((h) => h.setAttribute("data-left", ""));
        history.pushState(null, "", to);
      }, route);
    }
    // A full load in five contexts at once (the translation walks) took over 30 s, the default, on
    // a host whose whole test run is 25 minutes, beside another browser test file.
    await page.locator("main h1:not([data-left])").first().waitFor({ timeout: 90_000 });
    await quiet();
  };
}
