// The line chart. This module is the only one that imports apexcharts, and the page loads it
// lazily, so no other route downloads the chart library.
import type { ApexOptions } from "apexcharts";
import { type ComponentType, useMemo } from "react";
import ReactApexChart from "react-apexcharts/core";
// The core build with only what this chart uses: half the size of the full library.
import "apexcharts/line";
import "apexcharts/features/legend";
import type { Interval, Quote } from "../../../server/yahoo-finance/schema.ts";
import { formatPrice } from "./format.ts";
import { isIntraday, SERIES, type SeriesKey } from "./options.ts";
import { highlightPoint } from "./store.ts";
import { yahooMessages } from "./messages.ts";
import { chartLocale } from "../i18n/chart-locale.ts";

// react-apexcharts declares its default export inside a `declare module` block that Deno's type
// resolution does not pick up; these are the props we use, from its documentation.
const Chart = ReactApexChart as unknown as ComponentType<{
  type: "line";
  height: number;
  series: ApexOptions["series"];
  options: ApexOptions;
}>;

/** Past this many points the dots would blur into the line; hovering still shows the point. */
const MAX_DOTTED_POINTS = 120;

interface Props {
  quotes: readonly Quote[];
  series: readonly SeriesKey[];
  interval: Interval;
}

export default function PriceChart({ quotes, series, interval }: Props) {
  const t = yahooMessages.useT();
  const shown = SERIES.filter((s) => series.includes(s.key));
  // react-apexcharts compares series by value, so rebuilding them does not redraw the chart.
  const data = shown.map((s) => ({
    name: t(s.label),
    data: quotes.map((q) => ({ x: Date.parse(q.date), y: q[s.key] })),
  }));
  const colors = shown.map((s) => s.color).join();
  const options = useMemo<ApexOptions>(() => ({
    chart: {
      id: "btc-price-history",
      animations: { enabled: false },
      ...chartLocale(),
      // Its own label would be English ("line chart with 2 data series").
      accessibility: { description: t("yahoo.title") },
      events: {
        // Fired for the point under the pointer; its index is the quote's (oldest first).
        markerClick: (_e, _chart, opts) => {
          if (opts && opts.dataPointIndex >= 0) highlightPoint(opts.dataPointIndex);
        },
      },
    },
    colors: colors.split(","),
    stroke: { width: 2, curve: "straight" },
    markers: { size: quotes.length <= MAX_DOTTED_POINTS ? 3 : 0, hover: { size: 5 } },
    xaxis: { type: "datetime", labels: { datetimeUTC: true } },
    yaxis: { labels: { formatter: (v: number) => formatPrice(v) } },
    tooltip: {
      shared: true,
      x: { format: isIntraday(interval) ? "MM/dd/yyyy HH:mm" : "MM/dd/yyyy" },
    },
    legend: { show: true },
  }), [colors, quotes.length, interval, t]);

  return (
    <div data-testid="yahoo-chart">
      <Chart type="line" height={350} series={data} options={options} />
    </div>
  );
}
