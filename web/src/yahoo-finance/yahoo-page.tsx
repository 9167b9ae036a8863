// /yahoo-finance: BTC price history (docs/screens.md#btc-price-history). Pick a range, an interval
// and the series, fetch, then read the chart and the table; a chart point finds its row.
import "@mantine/dates/styles.css";
import {
  Badge,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  Text,
} from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { lazy, Suspense, useEffect } from "react";
import { useSnapshot } from "valtio";
import type { Interval } from "../../../server/yahoo-finance/schema.ts";
import { ListPage } from "../ui/list-page.tsx";
import { notifyError, notifyWarning } from "../ui/notify.ts";
import { INTERVAL_OPTIONS, SERIES, type SeriesKey } from "./options.ts";
import { QuotesTable } from "./quotes-table.tsx";
import { toPeriod } from "./range.ts";
import { fetchQuotes, setForm, yahoo } from "./store.ts";
import { yahooMessages } from "./messages.ts";

const PriceChart = lazy(() => import("./price-chart.tsx"));

export default function YahooFinancePage() {
  const t = yahooMessages.useT();
  const snap = useSnapshot(yahoo);
  const { form } = snap;

  async function fetchRange() {
    const period = toPeriod(yahoo.form.range);
    if (!period) return notifyWarning(t("yahoo.selectRange"));
    if (!(await fetchQuotes(period))) {
      notifyError(yahoo.error ?? t("yahoo.failed"), t("yahoo.failed"));
    }
  }

  useEffect(() => {
    // Coming back after a reload: the saved range is fetched again (the server caches it).
    if (yahoo.source === null && toPeriod(yahoo.form.range)) void fetchRange();
  }, []);

  return (
    <ListPage
      testId="yahoo"
      title={t("yahoo.title")}
      boxed
      filters={
        <>
          <DatePickerInput
            type="range"
            label={t("yahoo.range")}
            placeholder={t("yahoo.rangePlaceholder")}
            valueFormat="YYYY-MM-DD"
            value={[...form.range]}
            onChange={(range) => setForm({ range: [range[0], range[1]] })}
            clearable
            miw={240}
            data-testid="yahoo-range"
          />
          <NativeSelect
            label={t("yahoo.interval")}
            data={INTERVAL_OPTIONS}
            value={form.interval}
            onChange={(e) => setForm({ interval: e.currentTarget.value as Interval })}
            data-testid="yahoo-interval"
          />
          <Checkbox.Group
            label={t("yahoo.series")}
            value={[...form.series]}
            onChange={(v) => setForm({ series: v as SeriesKey[] })}
          >
            <Group gap="sm" mih={36}>
              {SERIES.map((s) => (
                <Checkbox
                  key={s.key}
                  value={s.key}
                  label={t(s.label)}
                  color={s.color}
                  data-testid={`yahoo-series-${s.key}`}
                />
              ))}
            </Group>
          </Checkbox.Group>
          <Button onClick={fetchRange} loading={snap.requesting} data-testid="yahoo-fetch">
            {t("yahoo.fetch")}
          </Button>
        </>
      }
    >
      {snap.source && (
        <>
          <Group gap="xs">
            <Badge variant="light" data-testid="yahoo-source">
              {t(`yahoo.source.${snap.source}`)}
            </Badge>
            <Text size="xs" c="dimmed">{t("yahoo.utc")}</Text>
          </Group>
          <Card withBorder>
            <Suspense
              fallback={
                <Center h={350}>
                  <Loader />
                </Center>
              }
            >
              <PriceChart quotes={snap.quotes} series={form.series} interval={snap.shownInterval} />
            </Suspense>
          </Card>
          <QuotesTable series={form.series} />
        </>
      )}
    </ListPage>
  );
}
