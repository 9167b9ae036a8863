// The entries and exits on the desk chart: every fill marked, but fills whose labels would overlap
// (close in time and in price, of one kind and side) share one label naming them all. Labelled one
// by one, a few fills in one minute at one price stacked their labels and only the top one read.
import type { CandleMarker } from "../../../server/desk/schema.shared.ts";
import { LABEL_PX } from "./target-labels.ts";

/** A label ("Entry #12") is about this wide with its padding; closer than this, two overlap. */
export const LABEL_WIDTH_PX = 64;

export interface FillLabel {
  marker: CandleMarker;
  /** The ids its label names (the first fill of a group); null: a fill marked without a label. */
  ids: number[] | null;
}

/**
 * The fills in time order, given what a pixel is in time (`msPerPixel`) and in price
 * (`pricePerPixel`): a fill within a label's width and height of an earlier group's first fill of
 * the same kind and side joins that group, whose label names it.
 */
export function fillLabels(
  markers: readonly CandleMarker[],
  msPerPixel: number,
  pricePerPixel: number,
): FillLabel[] {
  const sorted = [...markers].sort((a, b) => a.t - b.t || Number(a.price) - Number(b.price));
  const heads: FillLabel[] = [];
  return sorted.map((marker) => {
    const head = heads.find(({ marker: m }) =>
      m.kind === marker.kind && m.side === marker.side &&
      Math.abs(marker.t - m.t) / msPerPixel < LABEL_WIDTH_PX &&
      Math.abs(Number(marker.price) - Number(m.price)) / pricePerPixel < LABEL_PX
    );
    if (head) {
      head.ids!.push(marker.transactionId);
      return { marker, ids: null };
    }
    const label = { marker, ids: [marker.transactionId] };
    heads.push(label);
    return label;
  });
}
