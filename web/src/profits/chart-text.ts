// What each /profit picture says in words (its figcaption, read by screen readers too), and the
// day labels both the words and the chart's axis use. From the same points the chart draws.
import type { ProfitPoint } from "../../../server/calls/board.shared.ts";
import { localDate } from "../i18n/format.ts";
import type { Translator } from "../i18n/index.ts";
import { formatSigned } from "../calls/board-format.ts";
import { exchangeTitle, findPair } from "../../../server/exchanges/pairs.shared.ts";
import type { Split } from "./series-store.ts";

type Point = Pick<ProfitPoint, "key" | "label" | "realizedPnl" | "trades" | "wins">;

/** A UTC day key ("2026-11-27") as the viewer writes dates: MM/DD/YYYY in English. */
export function dayLabel(key: string) {
  const [y, m, d] = key.split("-");
  return localDate(new Date(`${key}T00:00:00Z`), {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone: "UTC",
  }) ?? `${m}/${d}/${y}`;
}

/** Each day's running total, rounded to the cent at each step as the table's amounts are. */
export function runningTotal(points: readonly Point[]): number[] {
  let sum = 0;
  return points.map((p) => (sum = Math.round((sum + Number(p.realizedPnl)) * 100) / 100));
}

type DayKeys =
  | "profits.chart.dayCaption"
  | "profits.chart.none";

export function dayCaption(points: readonly Point[], t: Translator<DayKeys>): string {
  if (!points.length) return t("profits.chart.none");
  const byResult = [...points].sort((a, b) => Number(b.realizedPnl) - Number(a.realizedPnl));
  const best = byResult[0];
  const worst = byResult[byResult.length - 1];
  return t("profits.chart.dayCaption", {
    from: dayLabel(points[0].key),
    to: dayLabel(points[points.length - 1].key),
    days: points.length,
    total: formatSigned(runningTotal(points).at(-1)!),
    bestDay: dayLabel(best.key),
    best: formatSigned(best.realizedPnl),
    worstDay: dayLabel(worst.key),
    worst: formatSigned(worst.realizedPnl),
  });
}

type SplitKeys =
  | "profits.chart.splitCaption"
  | "profits.chart.splitItem"
  | "profits.chart.none"
  | `profits.split.${Split}`;

/** The split's points, largest result first, as the chart draws them, named as the app names
 * them (a user by the server's label, a pair and an exchange by their titles). */
export const bySize = (points: readonly Point[], split: Split) =>
  [...points].sort((a, b) => Number(b.realizedPnl) - Number(a.realizedPnl)).map((p) => ({
    ...p,
    label: split === "pair"
      ? findPair(p.key)?.label ?? p.label
      : split === "exchange"
      ? exchangeTitle(p.key)
      : p.label,
  }));

export function splitCaption(
  points: readonly Point[],
  split: Split,
  t: Translator<SplitKeys>,
): string {
  if (!points.length) return t("profits.chart.none");
  const items = bySize(points, split).map((p) =>
    t("profits.chart.splitItem", {
      label: p.label,
      amount: formatSigned(p.realizedPnl),
      trades: p.trades,
      wins: p.wins,
    })
  );
  return t("profits.chart.splitCaption", {
    split: t(`profits.split.${split}`).toLocaleLowerCase(),
    items: items.join("; "),
  });
}
