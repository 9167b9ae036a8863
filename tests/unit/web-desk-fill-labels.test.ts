// The desk chart's entry and exit labels: fills whose labels would overlap share one naming them
// all; fills apart in time or price, or of another kind or side, keep their own.
import assert from "node:assert/strict";
import type { CandleMarker } from "../../server/desk/schema.shared.ts";
import { fillLabels } from "../../web/src/desk/fill-labels.ts";

const MINUTE = 60_000;
const fill = (
  transactionId: number,
  minute: number,
  price: string,
  kind: "entry" | "exit" = "entry",
  side: "BUY" | "SELL" = "BUY",
): CandleMarker => ({ transactionId, t: minute * MINUTE, price, kind, side });

// A minute is 10 px wide and a price unit 1 px tall.
const labels = (markers: CandleMarker[]) =>
  fillLabels(markers, MINUTE / 10, 1).map((l) => [l.marker.transactionId, l.ids]);

Deno.test("fills in one minute at one price share the first one's label; each is still marked", () => {
  assert.deepEqual(labels([fill(2, 5, "70000"), fill(1, 5, "70000"), fill(3, 6, "70005")]), [
    [2, [2, 1, 3]],
    [1, null],
    [3, null],
  ]);
});

Deno.test("fills a label's width apart in time or its height apart in price keep their own", () => {
  assert.deepEqual(labels([fill(1, 0, "70000"), fill(2, 7, "70000"), fill(3, 0, "70030")]), [
    [1, [1]],
    [3, [3]],
    [2, [2]],
  ]);
});

Deno.test("an exit beside an entry, or a SELL's entry beside a BUY's, keeps its own label", () => {
  const markers = [
    fill(1, 5, "70000"),
    fill(1, 5, "70000", "exit"),
    fill(2, 5, "70000", "entry", "SELL"),
  ];
  assert.deepEqual(labels(markers), [
    [1, [1]],
    [1, [1]],
    [2, [2]],
  ]);
});
