// /profit (Admin and SuperAdmin): realized profit per day, user and pair from what the DONE round
// trips' fills made (rows closed by hand, typed, one-sided or without a result are shown apart,
// not counted, and so are missed calls, which never traded), with the range's total and the
// CSV download (profit-{timestamp}.csv). Over the table, the period's figures and pictures (per
// day, and split by user, pair or exchange), for the same range and pair: one picker drives both.
// The topbar's live price keeps refreshing here (docs/trading.md#price-refresh).
import { Alert, Button, SegmentedControl, Text } from "@mantine/core";
import { lazy, Suspense, useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { findPair } from "../../../server/exchanges/pairs.shared.ts";
import { PairFilter } from "../reports/pair-filter.tsx";
import { formatBytes } from "../reports/range.ts";
import { RangeFilter } from "../reports/range-filter.tsx";
import { formatNumber, formatQuantity, signColor } from "../transactions/format.ts";
import { errorText, notifyError, notifySuccess } from "../ui/notify.ts";
import { ListPage } from "../ui/list-page.tsx";
import { PagedTable } from "../ui/paged-table.tsx";
import { downloadProfitCsv } from "./api.ts";
import { profitQuery, profits } from "./store.ts";
import { loadSeries, profitSeries, setSplit, type Split, SPLITS } from "./series-store.ts";
import { ProfitStats } from "./profit-stats.tsx";
import { combineMessages } from "../i18n/index.ts";
import { profitsMessages } from "./messages.ts";
import { reportsMessages } from "../reports/messages.ts";

const messages = combineMessages(profitsMessages, reportsMessages);

const ProfitCharts = lazy(() => import("./profit-charts.tsx"));

export default function ProfitPage() {
  const t = messages.useT();
  const snap = useSnapshot(profits.state);
  const { range, pair } = snap.filters;
  const series = useSnapshot(profitSeries);
  const [received, setReceived] = useState<number | null>(null);

  useEffect(() => {
    profits.load();
  }, []);
  // The pictures follow the table's range and pair (a half-picked range is no filter yet).
  const [from, to] = range;
  const settled = (from === null) === (to === null);
  useEffect(() => {
    if (settled) void loadSeries(profitQuery());
  }, [from, to, pair, settled]);

  async function downloadCsv() {
    setReceived(0);
    try {
      await downloadProfitCsv(profitQuery(), setReceived);
      notifySuccess(t("reports.success"));
    } catch (err) {
      notifyError(errorText(err, t("reports.failed")));
    } finally {
      setReceived(null);
    }
  }

  return (
    <ListPage
      testId="profits"
      title={t("profits.title")}
      boxed
      filters={
        <>
          <RangeFilter
            list={profits}
            value={range}
            label={t("reports.dateRange")}
            placeholder={t("profits.allTime")}
            miw={240}
            testId="profits-range"
          />
          <PairFilter
            value={pair}
            onChange={(e) => profits.setFilters({ pair: e.currentTarget.value })}
            data-testid="profits-pair"
          />
          <Button
            onClick={downloadCsv}
            loading={received !== null}
            data-testid="profits-download"
          >
            {t("profits.download")}
          </Button>
          {received !== null && (
            <Text size="sm" c="dimmed" data-testid="profits-progress">
              {t("reports.downloading", { size: formatBytes(received) })}
            </Text>
          )}
        </>
      }
    >
      {series.error && <Alert color="red" data-testid="profits-series-error">{series.error}</Alert>}
      {series.day && <ProfitStats totals={series.day.totals} />}
      {series.day && series.bySplit && (
        <Suspense fallback={null}>
          <ProfitCharts
            day={series.day}
            bySplit={series.bySplit}
            split={series.split}
            splitControl={
              <SegmentedControl
                data={SPLITS.map((value) => ({ value, label: t(`profits.split.${value}`) }))}
                value={series.split}
                onChange={(value) => setSplit(value as Split, profitQuery())}
                aria-label={t("profits.split")}
                style={{ alignSelf: "flex-start" }}
                data-testid="profits-split"
              />
            }
          />
        </Suspense>
      )}
      <Text data-testid="profits-total">
        {t("profits.total", { count: snap.result.total.trades })}{" "}
        <Text span fw={700} c={signColor(snap.result.total.profit)}>
          {formatNumber(snap.result.total.profit)}
        </Text>
      </Text>
      {snap.result.notCounted.trades > 0 && (
        <Text size="sm" c="dimmed" data-testid="profits-not-counted">
          {t("profits.notCounted", {
            count: snap.result.notCounted.trades,
            typed: snap.result.notCounted.typed,
            handClosed: snap.result.notCounted.handClosed,
            edited: snap.result.notCounted.edited,
            oneSided: snap.result.notCounted.oneSided,
            unpriced: snap.result.notCounted.unpriced,
          })} {formatNumber(snap.result.notCounted.profit)}
        </Text>
      )}
      {snap.result.missedCalls.count > 0 && (
        <Text size="sm" c="dimmed" data-testid="profits-missed-calls">
          {t("profits.missedCalls", { count: snap.result.missedCalls.count })}{" "}
          {formatNumber(snap.result.missedCalls.profit)}
        </Text>
      )}
      <PagedTable
        table={snap}
        onPage={profits.setPage}
        testId="profits"
        minWidth={720}
        empty={t("profits.empty")}
        rowKey={(row) => `${row.day}-${row.userId}-${row.pair}`}
        columns={[
          {
            key: "day",
            header: t("profits.day"),
            cell: (row) => `${row.day.slice(5, 7)}/${row.day.slice(8)}/${row.day.slice(0, 4)}`,
          },
          { key: "username", header: t("profits.username"), cell: (row) => row.username },
          {
            key: "pair",
            header: t("reports.pair"),
            cell: (row) => findPair(row.pair)?.label ?? row.pair,
          },
          { key: "trades", header: t("profits.trades"), cell: (row) => row.trades, align: "right" },
          {
            key: "quantity",
            header: t("profits.quantity"),
            cell: (row) => formatQuantity(row.quantity),
            align: "right",
          },
          {
            key: "buyAmount",
            header: t("profits.buyAmount"),
            cell: (row) => formatNumber(row.buyAmount),
            align: "right",
          },
          {
            key: "sellAmount",
            header: t("profits.sellAmount"),
            cell: (row) => formatNumber(row.sellAmount),
            align: "right",
          },
          {
            key: "profit",
            header: t("profits.profit"),
            cell: (row) => (
              <Text span inherit c={signColor(row.profit)}>{formatNumber(row.profit)}</Text>
            ),
            align: "right",
          },
          {
            key: "notCounted",
            header: t("profits.notCountedColumn"),
            cell: (row) =>
              row.notCountedTrades
                ? `${row.notCountedTrades} (${formatNumber(row.notCountedProfit)})`
                : "",
            align: "right",
          },
          {
            key: "missed",
            header: t("profits.missedColumn"),
            cell: (row) =>
              row.missedCalls ? `${row.missedCalls} (${formatNumber(row.missedProfit)})` : "",
            align: "right",
          },
        ]}
      />
    </ListPage>
  );
}
