// What blocks the main thread on a signed-in /dashboard at a phone's size with the CPU slowed 4x
// (as Lighthouse's mobile preset assumes): the long tasks, React's commits during the load and what
// each re-rendered, and the functions that took the most time (names are readable in an unminified
// build: `deno run -A npm:vite@8.3.8 build --config web/vite.config.ts --minify false`).
// Prints figures only: they move with the machine's load. MAIN_THREAD_PAGE=/login profiles the
// sign-in page signed out; MAIN_THREAD_CPU sets the slowdown (a fast host needs more than 4x to
// stand for a phone: see the lighthouse bench).
import { launchBrowser } from "../e2e/support/browser.ts";
import { commits, recordRenders } from "../e2e/support/renders.ts";
import { startE2EServer } from "../e2e/support/server.ts";
import { contextWith, storedSession } from "../e2e/support/stored-session.ts";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

const top = (counts: Map<string, number>, n: number) =>
  [...counts].sort((a, b) => b[1] - a[1]).slice(0, n);

const target = Deno.env.get("MAIN_THREAD_PAGE") ?? "/dashboard";
const rate = Number(Deno.env.get("MAIN_THREAD_CPU") ?? 4);

export async function run() {
  const server = await startE2EServer();
  const browser = await launchBrowser();
  try {
    const signedIn = target !== "/login";
    const session = signedIn
      ? await storedSession(browser, server, await server.user("Lead"))
      : undefined;
    const context = await contextWith(browser, server, {
      session,
      viewport: { width: 412, height: 823 },
    });
    const page = await context.newPage();
    await recordRenders(page);
    await page.addInitScript(() => {
      const tasks: number[][] = [];
      (globalThis as unknown as { __tasks: number[][] }).__tasks = tasks;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          tasks.push([Math.round(e.startTime), Math.round(e.duration)]);
        }
      }).observe({ type: "longtask", buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
    await page.goto(`${server.baseUrl}${target}`);
    if (signedIn) await page.getByTestId("live-price").getByText("$").waitFor();
    else await page.getByRole("button").first().waitFor();
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(1500);
    const { profile } = await cdp.send("Profiler.stop") as unknown as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };

    const list = await commits(page);
    console.log(`React commits during the load: ${list.length}`);
    for (const c of list) {
      const where = new Map<string, number>();
      c.rendered.forEach((r, i) => {
        const key = `${c.names[i]}@${r}`;
        where.set(key, (where.get(key) ?? 0) + 1);
      });
      const roots = c.own.map((i) => `${c.names[i]}@${c.rendered[i]}`);
      console.log(
        `  ${c.at} ms: ${c.rendered.length} components, own ${roots.join(", ")}: ` +
          top(where, 12).map(([k, n]) => (n > 1 ? `${k} x${n}` : k)).join(", "),
      );
    }
    const tasks = await page.evaluate(() =>
      (globalThis as unknown as { __tasks: number[][] }).__tasks
    );
    const blocking = tasks.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
    console.log(
      `long tasks: ${
        tasks.map(([s, d]) => `${s}+${d}`).join(", ")
      } ms (over 50 ms: ${blocking} ms)`,
    );

    // Self time per function, from the samples.
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<string, number>();
    const files = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const node = byId.get(id)!;
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      const file = node.callFrame.url.split("/").pop() || "(native)";
      const name = `${
        node.callFrame.functionName || "(anonymous)"
      } ${file}:${node.callFrame.lineNumber}`;
      self.set(name, (self.get(name) ?? 0) + ms);
      files.set(file, (files.get(file) ?? 0) + ms);
    });
    const fmt = (rows: [string, number][]) =>
      rows.map(([k, ms]) => `    ${Math.round(ms)} ms ${k}`).join("\n");
    console.log(`self time by file:\n${fmt(top(files, 8))}`);
    console.log(`self time by function:\n${fmt(top(self, 25))}`);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
}

if (import.meta.main) await run();
