import type { Page } from "playwright-core";

/**
 * Picks [from, to] in a report modal's range picker. The calendar opens on the browser's month,
 * which need not be a day's month: near a month's end `to` can be in the next month (and a
 * browser test's server clock runs ahead of the browser's, signInUi), so it looks up to two
 * months back, then ahead.
 */
export async function pickRange(page: Page, testId: string, from: Date, to: Date) {
  await page.getByTestId(`${testId}-range`).click();
  for (const day of [from, to]) {
    // Mantine labels each day "D MMMM YYYY".
    const label = day.toLocaleDateString("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
    });
    const button = page.locator(`button[aria-label="${label}"]:not([data-outside])`);
    for (let back = 0; back < 2 && await button.count() === 0; back++) {
      await page.locator('button[data-direction="previous"]').first().click();
    }
    for (let ahead = 0; ahead < 4 && await button.count() === 0; ahead++) {
      await page.locator('button[data-direction="next"]').first().click();
    }
    await button.click();
  }
}
