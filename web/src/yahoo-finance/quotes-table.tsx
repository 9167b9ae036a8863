// The bars as a table (cards on a phone): Date, the chosen series and Volume, newest first, 10 rows
// a page. The highlighted row (picked on the chart) is shaded and scrolled into view.
import { Pagination, Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { useSnapshot } from "valtio";
import type { Quote } from "../../../server/yahoo-finance/schema.ts";
import { type Column, RowsTable } from "../ui/paged-table.tsx";
import { formatBarDate, formatPrice, formatVolume } from "./format.ts";
import { isIntraday, PAGE_SIZE, SERIES, type SeriesKey } from "./options.ts";
import { newestFirst, setPage, yahoo } from "./store.ts";
import { yahooMessages } from "./messages.ts";

// The spec's scroll timer: after the page has turned and the row is laid out.
const SCROLL_DELAY_MS = 300;

const ROW = '[data-testid="yahoo-row"]';
// Above the striped rows' own shade, in a table and in a card alike.
const SHADE =
  `[data-testid="yahoo-table"] ${ROW}[data-highlighted] { background: var(--mantine-color-yellow-light); }`;

export function QuotesTable({ series }: { series: readonly SeriesKey[] }) {
  const t = yahooMessages.useT();
  const snap = useSnapshot(yahoo);
  const rows = newestFirst(snap.quotes);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const page = Math.min(snap.page, pages);
  const withTime = isIntraday(snap.shownInterval);

  useEffect(() => {
    const timer = setTimeout(
      () =>
        document.querySelector(`${ROW}[data-highlighted]`)
          ?.scrollIntoView({ block: "center", behavior: "smooth" }),
      SCROLL_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [snap.highlight, page, rows.length]);

  if (rows.length === 0) return <Text c="dimmed">{t("yahoo.empty")}</Text>;
  const columns: Column<Quote>[] = [
    { key: "date", header: t("yahoo.date"), cell: (q) => formatBarDate(q.date, withTime) },
    ...SERIES.filter((s) => series.includes(s.key)).map((s): Column<Quote> => ({
      key: s.key,
      header: t(s.label),
      cell: (q) => formatPrice(q[s.key]),
    })),
    { key: "volume", header: t("yahoo.volume"), cell: (q) => formatVolume(q.volume) },
  ];
  return (
    <Stack gap="sm">
      <style href="yahoo-highlight" precedence="default">{SHADE}</style>
      <RowsTable
        items={rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
        columns={columns}
        rowKey={(q) => q.date}
        rowProps={(q) => ({
          "data-testid": "yahoo-row",
          "data-key": q.date,
          ...(q.date === snap.highlight ? { "data-highlighted": "true" } : {}),
        })}
        busy={false}
        testId="yahoo-table"
        minWidth={480}
      />
      <Pagination data-testid="yahoo-pages" total={pages} value={page} onChange={setPage} />
    </Stack>
  );
}
