// The /profit pictures: the realized result per day as bars with the running total as a line over
// them, and the result split by user, pair or exchange as bars. Each is a figure whose caption says
// in words what it shows, with the numbers (chart-text.ts); the drawing itself is hidden from
// screen readers, which read the caption. This module is the only one on /profit that imports
// apexcharts, and the page loads it lazily.
import type { ApexOptions } from "apexcharts";
import { type ComponentType, type ReactNode, useMemo } from "react";
import { Stack, Text, Title } from "@mantine/core";
import type { Snapshot } from "valtio";
import ReactApexChart from "react-apexcharts/core";
// The core build with the two chart types drawn here (a column-and-line chart is both).
import "apexcharts/line";
import "apexcharts/bar";
import "apexcharts/features/legend";
import type { ProfitSeries } from "../../../server/calls/board.shared.ts";
import { formatMoney, formatSigned } from "../calls/board-format.ts";
import { usePhone } from "../ui/use-phone.ts";
import { bySize, dayCaption, dayLabel, runningTotal, splitCaption } from "./chart-text.ts";
import type { Split } from "./series-store.ts";
import { profitsMessages } from "./messages.ts";

// react-apexcharts declares its default export inside a `declare module` block that Deno's type
// resolution does not pick up; these are the props we use, from its documentation.
const Chart = ReactApexChart as unknown as ComponentType<{
  type: "line" | "bar";
  height: number;
  series: ApexOptions["series"];
  options: ApexOptions;
}>;

const GAIN = "#12b886";
const LOSS = "#fa5252";
const LINE = "#1c7ed6";

/** Bars below zero are drawn red. */
const lossBars = {
  colors: { ranges: [{ from: -Number.MAX_SAFE_INTEGER, to: -0.005, color: LOSS }] },
};

const money = (v: number) => formatMoney(v);

// The drawing is hidden from screen readers (the caption says it all), so nothing in it may take
// focus: the legend's keyboard toggles would be focusable yet unnamed.
const chartBase = { animations: { enabled: false }, toolbar: { show: false } } as const;
const NO_KEYBOARD = { keyboard: { enabled: false } };

export default function ProfitCharts({ day, bySplit, split, splitControl }: {
  day: Snapshot<ProfitSeries>;
  bySplit: Snapshot<ProfitSeries>;
  split: Split;
  /** Picks what the second picture splits by. */
  splitControl: ReactNode;
}) {
  const t = profitsMessages.useT();
  const phone = usePhone();
  const days = day.points;
  const splits = bySize(bySplit.points, split);

  const dayOptions = useMemo<ApexOptions>(() => ({
    chart: { id: "profit-days", ...chartBase, accessibility: NO_KEYBOARD },
    colors: [GAIN, LINE],
    stroke: { width: [0, 2], curve: "straight" },
    plotOptions: { bar: lossBars },
    dataLabels: { enabled: false },
    markers: { size: days.length <= 31 ? 3 : 0 },
    xaxis: {
      categories: days.map((p) => dayLabel(p.key)),
      tickAmount: phone ? 4 : 12,
      labels: { rotate: -45, hideOverlappingLabels: true },
    },
    yaxis: { labels: { formatter: money } },
    tooltip: { shared: true, y: { formatter: (v: number) => formatSigned(v) } },
    legend: { show: true, position: "top" },
  }), [days, phone]);

  const splitOptions = useMemo<ApexOptions>(() => ({
    chart: { id: "profit-split", ...chartBase, accessibility: NO_KEYBOARD },
    colors: [GAIN],
    plotOptions: { bar: { ...lossBars, horizontal: true, barHeight: "60%" } },
    dataLabels: { enabled: !phone, formatter: (v: number) => formatSigned(v) },
    xaxis: {
      categories: splits.map((p) => p.label),
      labels: { formatter: (v: string) => formatMoney(Number(v)) },
      tickAmount: phone ? 3 : 6,
    },
    tooltip: { y: { formatter: (v: number) => formatSigned(v) } },
    legend: { show: false },
  }), [splits, phone]);

  const height = phone ? 240 : 320;
  return (
    <Stack gap="lg">
      <Stack component="figure" m={0} gap="xs" data-testid="profits-day-chart">
        <Title order={2} size="h4">{t("profits.chart.dayTitle")}</Title>
        {days.length > 0 && (
          <div aria-hidden="true">
            <Chart
              type="line"
              height={height}
              series={[
                {
                  name: t("profits.chart.daily"),
                  type: "column",
                  data: days.map((p) => Number(p.realizedPnl)),
                },
                { name: t("profits.chart.cumulative"), type: "line", data: runningTotal(days) },
              ]}
              options={dayOptions}
            />
          </div>
        )}
        <Text component="figcaption" size="sm" c="dimmed" data-testid="profits-day-caption">
          {dayCaption(days, t)}
        </Text>
      </Stack>
      <Stack component="figure" m={0} gap="xs" data-testid="profits-split-chart">
        <Title order={2} size="h4">{t(`profits.chart.splitTitle.${split}`)}</Title>
        {splitControl}
        {splits.length > 0 && (
          <div aria-hidden="true">
            <Chart
              type="bar"
              height={Math.max(140, splits.length * (phone ? 34 : 40) + 70)}
              series={[{
                name: t("profits.stats.realized"),
                data: splits.map((p) => Number(p.realizedPnl)),
              }]}
              options={splitOptions}
            />
          </div>
        )}
        <Text component="figcaption" size="sm" c="dimmed" data-testid="profits-split-caption">
          {splitCaption(bySplit.points, split, t)}
        </Text>
      </Stack>
    </Stack>
  );
}
