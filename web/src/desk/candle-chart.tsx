// The candles, with the user's entries and exits marked and a line at each open position's target.
// The only desk module that imports apexcharts: the dashboard loads it after its first paint.
// Price ticks move the last candle through the chart's own update, outside React: a tick renders
// no component here.
import type { ApexOptions } from "apexcharts";
import ApexCharts from "apexcharts/core";
import { type ComponentType, useEffect, useMemo, useRef } from "react";
import { useElementSize } from "@mantine/hooks";
import ReactApexChart from "react-apexcharts/core";
// The core build with only what this chart draws.
import "apexcharts/candlestick";
import "apexcharts/features/annotations";
import { type Snapshot, subscribe } from "valtio";
import type { Candle, DeskCandlesAnswer } from "../../../server/desk/schema.shared.ts";
import { INTERVAL_MS } from "./intervals.ts";
import { priceDecimals } from "../../../server/exchanges/pairs.shared.ts";
import { serverNow } from "../market/server-clock.ts";
import { market } from "../market/store.ts";
import { formatPrice } from "../transactions/format.ts";
import { chartLocale } from "../i18n/chart-locale.ts";
import { withTick } from "./live.ts";
import { deskMessages } from "./messages.ts";
import { namedIds, targetLines } from "./target-labels.ts";
import { fillLabels } from "./fill-labels.ts";

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
/** The price axis's labels at the left: the rest of the width is the plot's, near enough. */
const PRICE_AXIS_PX = 70;
/** An exit's label goes under its mark: an entry and an exit at one spot would overlap. */
const BELOW_MARK = 32;
/**
 * A target's label goes under its line: above it, it sat where the newest entries' labels do (an
 * open position's entry is near its target at the right edge), one hiding the other.
 */
const UNDER_LINE = 20;
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
  // What a pixel of the plot's width is in time, for the fills' labels (fill-labels.ts): the axis
  // spans MIN_BARS intervals at least (below), and the chart its box's width.
  const { ref: box, width } = useElementSize();
  const span = INTERVAL_MS[interval];
  const first = answer.candles[0]?.t ?? serverNow();
  const last = answer.candles.at(-1)?.t ?? serverNow();
  const few = answer.candles.length < MIN_BARS;
  const xMin = few ? last - (MIN_BARS - 2) * span : first;
  const xMax = few ? last + 2 * span : last;
  // Before the box is measured (its first render) no fills share a label.
  const msPerPixel = width > PRICE_AXIS_PX ? (xMax - xMin) / (width - PRICE_AXIS_PX) : 0;
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
      min: few ? xMin : undefined,
      max: few ? xMax : undefined,
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
      points: fillLabels(markers, msPerPixel, perPixel).map(({ marker: m, ids }) => ({
        x: m.t,
        y: Number(m.price),
        marker: { size: 5, fillColor: m.side === "BUY" ? UP : DOWN, strokeColor: "#fff" },
        label: ids
          ? {
            text: `${m.kind === "entry" ? t("desk.entry") : t("desk.exit")} #${namedIds(ids)}`,
            borderColor: m.side === "BUY" ? UP : DOWN,
            offsetY: m.kind === "exit" ? BELOW_MARK : 0,
            style: { background: m.side === "BUY" ? UP : DOWN, color: "#fff", fontSize: "10px" },
          }
          : NO_LABEL,
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
            offsetY: UNDER_LINE,
            style: { background: TARGET, color: "#fff", fontSize: "10px" },
          }
          : NO_LABEL,
      })),
    },
  }), [answer, t, height, width]);

  // The live candle: each tick of this pair moves it, drawn by the chart itself.
  useEffect(() => {
    let candles: readonly Candle[] = answer.candles;
    drawn.current = candles;
    let last = market.prices[pair];
    return subscribe(market, () => {
      const price = market.prices[pair];
      if (market.exchange !== exchange || market.pair !== pair || !price || price === last) return;
      last = price;
      // The candles are the server's minutes: the tick goes in the server's, not the device's.
      candles = withTick(candles, INTERVAL_MS[interval], serverNow(), price);
      drawn.current = candles;
      void ApexCharts.exec(CHART_ID, "updateSeries", series(candles), false);
    });
  }, [answer]);

  return (
    <div
      ref={box}
      data-testid="candle-chart"
      data-markers={markers.length}
      data-targets={targets.length}
    >
      <Chart type="candlestick" height={height} series={series(answer.candles)} options={options} />
    </div>
  );
}
