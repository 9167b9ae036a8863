// axe-core's critical and serious violations on a page, as lines that say where and why.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/**
 * Legacy mode runs axe in the page itself. The default (runPartial, then finishRun) opens a page of
 * its own for every check, a renderer process each time: three times as long a check (2.2-5.9 s
 * against 0.8-1.2 s on a slow host), for pages that have no frames to gather results across.
 */
export async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) =>
      `${v.impact} ${v.id}: ${
        v.nodes.map((n) => `${n.target.join(" ")} (${n.any[0]?.message ?? n.failureSummary})`)
          .join(", ")
      }`
    );
}
