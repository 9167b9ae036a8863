// The chart of the selected pair and exchange. Its code (apexcharts) and its candles are asked for
// once the page has painted, so they never hold up the price and BUY/SELL. A phone shows a
// sparkline of the closes, which opens the candles on a tap.
import { Button, Center, Group, Loader, Text, UnstyledButton } from "@mantine/core";
import { lazy, Suspense, useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { CANDLE_INTERVALS } from "./intervals.ts";
import { market } from "../market/store.ts";
import { needsTypedPrice } from "../market/pairs.ts";
import { usePhone } from "../ui/use-phone.ts";
import { deskMessages } from "./messages.ts";
import { Panel } from "./panel.tsx";
import { desk, loadCandles, setCandleInterval } from "./store.ts";

const CandleChart = lazy(() => import("./candle-chart.tsx"));

export const CHART_HEIGHT = 300;

/** True once the browser has painted and is idle: what comes after the first paint waits for it. */
function useAfterPaint() {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const idle = globalThis.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1));
    const cancel = globalThis.cancelIdleCallback ?? clearTimeout;
    const id = idle(() => setPainted(true), { timeout: 1000 });
    return () => cancel(id);
  }, []);
  return painted;
}

export function ChartPanel() {
  const t = deskMessages.useT();
  const { exchange, pair } = useSnapshot(market);
  const { candles, interval } = useSnapshot(desk);
  const phone = usePhone();
  const [expanded, setExpanded] = useState(false);
  const painted = useAfterPaint();
  const typed = needsTypedPrice(pair);
  useEffect(() => {
    if (painted && !typed) void loadCandles();
  }, [painted, exchange, pair, interval, typed]);
  const full = !phone || expanded;
  const data = candles.data;
  const shown = data && data.exchange === exchange && data.pair === pair &&
    data.interval === interval;
  const aside = full && (
    <Group gap={2} role="group" aria-label={t("desk.interval")} data-testid="chart-interval">
      {CANDLE_INTERVALS.map((i) => (
        <Button
          key={i}
          size="compact-xs"
          variant={i === interval ? "filled" : "subtle"}
          aria-pressed={i === interval}
          onClick={() => void setCandleInterval(i)}
        >
          {i}
        </Button>
      ))}
    </Group>
  );
  return (
    <Panel title={t("desk.chart")} testId="dashboard-chart" error={candles.error} aside={aside}>
      {typed || (shown && !data.candles.length)
        ? <Text size="sm" c="dimmed">{t("desk.noCandles")}</Text>
        : !full
        ? (
          <UnstyledButton
            w="100%"
            onClick={() => setExpanded(true)}
            aria-label={t("desk.expandChart")}
            data-testid="chart-sparkline"
          >
            <Sparkline
              closes={shown ? sparkPoints(data.candles) : []}
            />
          </UnstyledButton>
        )
        : (
          <div style={{ height: CHART_HEIGHT }}>
            {painted && shown
              ? (
                <Suspense fallback={<Waiting />}>
                  <CandleChart answer={data} height={CHART_HEIGHT} />
                </Suspense>
              )
              : <Waiting />}
          </div>
        )}
      {phone && expanded && (
        <Button
          size="compact-xs"
          variant="subtle"
          mt={4}
          onClick={() => setExpanded(false)}
        >
          {t("desk.collapseChart")}
        </Button>
      )}
    </Panel>
  );
}

function Waiting() {
  return (
    <Center h="100%">
      <Loader size="sm" />
    </Center>
  );
}

const SPARK = { width: 360, height: 40 };

/** The closes, or a lone candle's open and close: a line from the first minute on. */
const sparkPoints = (candles: readonly { o: string; c: string }[]) =>
  candles.length === 1
    ? [Number(candles[0].o), Number(candles[0].c)]
    : candles.map((c) => Number(c.c));

/** The closes as one line, scaled to the box. */
function Sparkline({ closes }: { closes: number[] }) {
  if (closes.length < 2) return <div style={{ height: SPARK.height }} />;
  const min = Math.min(...closes);
  const span = Math.max(...closes) - min || 1;
  const points = closes.map((c, i) =>
    `${(i / (closes.length - 1)) * SPARK.width},${
      SPARK.height - 2 - ((c - min) / span) * (SPARK.height - 4)
    }`
  ).join(" ");
  const up = closes.at(-1)! >= closes[0];
  return (
    <svg
      viewBox={`0 0 ${SPARK.width} ${SPARK.height}`}
      width="100%"
      height={SPARK.height}
      preserveAspectRatio="none"
      aria-hidden
    >
      <polyline
        points={points}
        fill="none"
        stroke={up ? "var(--mantine-color-teal-7)" : "var(--mantine-color-red-7)"}
        strokeWidth={1.5}
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
