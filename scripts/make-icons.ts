// Renders web/public/icons/icon.svg into the PNG sizes the web app manifest and iOS ask for, with
// the Chromium the browser tests use. Run after changing the SVG: deno run -A scripts/make-icons.ts
import { chromium } from "playwright-core";
import { chromiumPath } from "../tests/e2e/support/browser.ts";

const dir = new URL("../web/public/icons/", import.meta.url);
const svg = await Deno.readTextFile(new URL("icon.svg", dir));
const SIZES = { "icon-192.png": 192, "icon-512.png": 512, "apple-touch-icon.png": 180 };

const browser = await chromium.launch({ executablePath: chromiumPath! });
try {
  for (const [name, size] of Object.entries(SIZES)) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<body style="margin:0">${svg.replace("<svg ", `<svg width="${size}" height="${size}" `)}`,
    );
    await page.screenshot({ path: new URL(name, dir).pathname, omitBackground: false });
    await page.close();
  }
} finally {
  await browser.close();
}
