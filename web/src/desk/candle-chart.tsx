// The candles, with the user's entries and exits marked and a line at each open position's target.
// The only desk module that imports apexcharts: the dashboard loads it after its first paint.
// Price ticks move the last candle through the chart's own update, outside React: a tick renders
// no component here.
import type { ApexOptions } from "apexcharts";
import ApexCharts from "apexcharts/core";
import { type ComponentType, useEffect, useMemo, useRef } from "react";
import ReactApexChart from "react-apexcharts/core";
// The core build with only what this chart draws.
import "apexcharts/candlestick";
import "apexcharts/features/annotations";
import { type Snapshot, subscribe } from "valtio";
import type { Candle, DeskCandlesAnswer } from "../../../server/desk/schema.shared.ts";
import { INTERVAL_MS } from "./intervals.ts";
import { priceDecimals } from "../../../server/exchanges/pairs.shared.ts";
import { market } from "../market/store.ts";
import { formatPrice } from "../transactions/format.ts";
import { chartLocale } from "../i18n/chart-locale.ts";
import { withTick } from "./live.ts";
import { deskMessages } from "./messages.ts";
import { namedIds, targetLines } from "./target-labels.ts";

// react-apexcharts declares its default export inside a `declare module` block that Deno's type
// resolution does not pick up; these are the props we use, from its documentation.
const Chart = ReactApexChart as unknown as ComponentType<{
  type: "candlestick";
  height: number;
  series: ApexOptions["series"];
  options: ApexOptions;
}>;

const CHART_ID = "desk-candles";
const MIN_BARS = 30;

type OhlcKey = "desk.open" | "desk.high" | "desk.low" | "desk.close";
const UP = "#0ca678";
const DOWN = "#e03131";
const TARGET = "#f08c00";
/** The chart's height less its axis labels and padding: the plot's height, near enough. */
const AXIS_PX = 70;
/** A line that shares another's label. */
const NO_LABEL = { text: "", borderWidth: 0, style: { background: "transparent" } };

const series = (candles: readonly Candle[]) => [{
  name: "price",
  data: candles.map((c) => ({ x: c.t, y: [+c.o, +c.h, +c.l, +c.c] })),
}];

export default function CandleChart(
  { answer, height }: { answer: Snapshot<DeskCandlesAnswer>; height: number },
) {
  const t = deskMessages.useT();
  const { exchange, pair, interval, markers, targets } = answer;
  const marked = [...markers, ...targets].map((m) => Number(m.price));
  // A margin above and below, so that a mark at the edge keeps its label.
  const all = [...marked, ...answer.candles.flatMap((c) => [Number(c.h), Number(c.l)])];
  const pad = ((Math.max(...all) - Math.min(...all)) || Math.max(...all) * 0.001) * 0.08;
  // What a pixel of the plot's height is in price, for the target labels (target-labels.ts).
  const perPixel = (Math.max(...all) - Math.max(0, Math.min(...all) - pad) + pad) /
    Math.max(1, height - AXIS_PX);
  // The candles drawn, the live one included: what the tooltip names.
  const drawn = useRef<readonly Candle[]>(answer.candles);
  const options = useMemo<ApexOptions>(() => ({
    chart: {
      id: CHART_ID,
      animations: { enabled: false },
      toolbar: { show: false },
      zoom: { enabled: false },
      // Its own label would be English ("candlestick chart with 1 data series").
      accessibility: { description: t("desk.chartLabel", { pair, interval }) },
      ...chartLocale(),
    },
    plotOptions: { candlestick: { colors: { upward: UP, downward: DOWN } } },
    xaxis: {
      type: "datetime",
      labels: { datetimeUTC: false },
      // A few candles would be stretched over the whole width (one spans days of axis): the axis
      // shows at least MIN_BARS intervals, the newest at the right with room for the live one.
      min: answer.candles.length < MIN_BARS
        ? (answer.candles.at(-1)?.t ?? Date.now()) - (MIN_BARS - 2) * INTERVAL_MS[interval]
        : undefined,
      max: answer.candles.length < MIN_BARS
        ? (answer.candles.at(-1)?.t ?? Date.now()) + 2 * INTERVAL_MS[interval]
        : undefined,
    },
    tooltip: {
      // apexcharts' own candle tooltip names the prices in English.
      custom: ({ dataPointIndex }: { dataPointIndex: number }) => {
        const candle = drawn.current[dataPointIndex];
        if (!candle) return "";
        const row = (key: OhlcKey, v: string) =>
          `<div>${t(key)}: <b>${formatPrice(v, pair)}</b></div>`;
        return `<div class="apexcharts-tooltip-box">${row("desk.open", candle.o)}${
          row("desk.high", candle.h)
        }${row("desk.low", candle.l)}${row("desk.close", candle.c)}</div>`;
      },
    },
    yaxis: {
      // The fills and targets stay in view, above or below the candles shown; a price is never
      // below zero, whatever the padding under a fill far below the candles.
      min: (lowest: number) => Math.max(0, Math.min(lowest, ...marked) - pad),
      max: (highest: number) => Math.max(highest, ...marked) + pad,
      tooltip: { enabled: true },
      labels: { formatter: (v: number) => v.toFixed(priceDecimals(pair)) },
    },
    annotations: {
      points: markers.map((m) => ({
        x: m.t,
        y: Number(m.price),
        marker: { size: 5, fillColor: m.side === "BUY" ? UP : DOWN, strokeColor: "#fff" },
        label: {
          text: `${m.kind === "entry" ? t("desk.entry") : t("desk.exit")} #${m.transactionId}`,
          borderColor: m.side === "BUY" ? UP : DOWN,
          style: { background: m.side === "BUY" ? UP : DOWN, color: "#fff", fontSize: "10px" },
        },
      })),
      yaxis: targetLines(targets, perPixel).map((line) => ({
        y: line.price,
        borderColor: TARGET,
        strokeDashArray: 4,
        label: line.ids
          ? {
            text: `${t("desk.targetOf", { id: namedIds(line.ids) })} ${
              formatPrice(line.low, pair)
            }${line.high === line.low ? "" : `-${formatPrice(line.high, pair)}`}`,
            borderColor: TARGET,
            style: { background: TARGET, color: "#fff", fontSize: "10px" },
          }
          : NO_LABEL,
      })),
    },
  }), [answer, t, height]);

  // The live candle: each tick of this pair moves it, drawn by the chart itself.
  useEffect(() => {
    let candles: readonly Candle[] = answer.candles;
    drawn.current = candles;
    let last = market.prices[pair];
    return subscribe(market, () => {
      const price = market.prices[pair];
      if (market.exchange !== exchange || market.pair !== pair || !price || price === last) return;
      last = price;
      candles = withTick(candles, INTERVAL_MS[interval], Date.now(), price);
      drawn.current = candles;
      void ApexCharts.exec(CHART_ID, "updateSeries", series(candles), false);
    });
  }, [answer]);

  return (
    <div
      data-testid="candle-chart"
      data-markers={markers.length}
      data-targets={targets.length}
    >
      <Chart type="candlestick" height={height} series={series(answer.candles)} options={options} />
    </div>
  );
}
