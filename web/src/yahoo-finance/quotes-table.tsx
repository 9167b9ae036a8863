// The bars as a table: Date, the chosen series and Volume, newest first, 10 rows a page. The
// highlighted row (picked on the chart) is shaded and scrolled into view.
import { Pagination, Stack, Table, Text } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useSnapshot } from "valtio";
import { useT } from "../i18n/index.ts";
import { formatBarDate, formatPrice, formatVolume } from "./format.ts";
import { isIntraday, PAGE_SIZE, SERIES, type SeriesKey } from "./options.ts";
import { newestFirst, setPage, yahoo } from "./store.ts";

// The spec's scroll timer: after the page has turned and the row is laid out.
const SCROLL_DELAY_MS = 300;

export function QuotesTable({ series }: { series: readonly SeriesKey[] }) {
  const t = useT();
  const snap = useSnapshot(yahoo);
  const highlighted = useRef<HTMLTableRowElement>(null);
  const rows = newestFirst(snap.quotes);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const page = Math.min(snap.page, pages);
  const shown = SERIES.filter((s) => series.includes(s.key));
  const withTime = isIntraday(snap.shownInterval);

  useEffect(() => {
    const timer = setTimeout(
      () => highlighted.current?.scrollIntoView({ block: "center", behavior: "smooth" }),
      SCROLL_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [snap.highlight, page, rows.length]);

  if (rows.length === 0) return <Text c="dimmed">{t("yahoo.empty")}</Text>;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={480}>
        <Table striped data-testid="yahoo-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("yahoo.date")}</Table.Th>
              {shown.map((s) => <Table.Th key={s.key}>{t(s.label)}</Table.Th>)}
              <Table.Th>{t("yahoo.volume")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((q) => {
              const on = q.date === snap.highlight;
              return (
                <Table.Tr
                  key={q.date}
                  ref={on ? highlighted : undefined}
                  data-testid="yahoo-row"
                  data-key={q.date}
                  data-highlighted={on || undefined}
                  bg={on ? "var(--mantine-color-yellow-light)" : undefined}
                >
                  <Table.Td>{formatBarDate(q.date, withTime)}</Table.Td>
                  {shown.map((s) => <Table.Td key={s.key}>{formatPrice(q[s.key])}</Table.Td>)}
                  <Table.Td>{formatVolume(q.volume)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pagination data-testid="yahoo-pages" total={pages} value={page} onChange={setPage} />
    </Stack>
  );
}
