import assert from "node:assert/strict";
import { compactDetails } from "../../web/src/audit/details.ts";

Deno.test("audit details: one line of key: value, nested values as JSON, nothing for none", () => {
  assert.equal(compactDetails({ from: "User", to: "Lead" }), "from: User, to: Lead");
  assert.equal(
    compactDetails({ shiftReportId: 4, fields: ["usdtIn"], changes: { group: "night" } }),
    'shiftReportId: 4, fields: ["usdtIn"], changes: {"group":"night"}',
  );
  assert.equal(compactDetails({}), "");
});
