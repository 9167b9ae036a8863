import assert from "node:assert/strict";
import { applyWidth, layout } from "../../web/src/layout/view.ts";

Deno.test("applyWidth: the topbar keeps one row from 1440 px and wraps into rows below", () => {
  applyWidth(1440);
  assert.equal(layout.compactTopbar, false);
  assert.equal(layout.view, "desktop");
  applyWidth(1280);
  assert.equal(layout.compactTopbar, true);
  assert.equal(layout.view, "desktop");
  applyWidth(390);
  assert.deepEqual(
    { compact: layout.compactTopbar, mobile: layout.mobile, view: layout.view },
    { compact: true, mobile: true, view: "mobile" },
  );
});
