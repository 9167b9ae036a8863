// The open positions' target lines on the desk chart: every line drawn, but lines closer together
// than a label is tall share one label, which names them all. Labelled one by one, the labels of a
// few positions opened near one price sat one over another at the chart's right edge, unreadable.
import type { CandleTarget } from "../../../server/desk/schema.shared.ts";

/** A label is 10 px text with its padding; below this many pixels apart, two would overlap. */
export const LABEL_PX = 18;
/** Ids named in a shared label before "+n". */
const NAMED = 3;

export interface TargetLine {
  price: number;
  /** The ids its label names (the first line of a group); null: a line without a label. */
  ids: number[] | null;
  /** The group's lowest and highest price: its label shows the range when they differ. */
  low: string;
  high: string;
}

/**
 * The lines, lowest first, given how many price units a pixel of the chart's height is
 * (`perPixel`): each group of lines within LABEL_PX of its first shares the first one's label.
 */
export function targetLines(
  targets: readonly Pick<CandleTarget, "transactionId" | "price">[],
  perPixel: number,
): TargetLine[] {
  const sorted = [...targets].sort((a, b) => Number(a.price) - Number(b.price));
  const lines: TargetLine[] = [];
  let head: TargetLine | undefined;
  for (const target of sorted) {
    const price = Number(target.price);
    if (head && (price - head.price) / perPixel < LABEL_PX) {
      head.ids!.push(target.transactionId);
      head.high = target.price;
      lines.push({ price, ids: null, low: target.price, high: target.price });
      continue;
    }
    head = { price, ids: [target.transactionId], low: target.price, high: target.price };
    lines.push(head);
  }
  return lines;
}

/** The ids as a label names them: "4, 7, 9" or "4, 7, 9 +2". */
export function namedIds(ids: readonly number[]) {
  const named = ids.slice(0, NAMED).join(", ");
  return ids.length > NAMED ? `${named} +${ids.length - NAMED}` : named;
}
