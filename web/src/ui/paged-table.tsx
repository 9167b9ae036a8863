// The table of a server-paged list: the load error, the rows, the empty line once nothing is
// loading, and the pages. A page brings its columns; its filters and actions stay its own. On a
// phone the rows are cards (CardList): a table there would scroll sideways. RowsTable is that
// choice alone, for the lists that are not paged.
import { Alert, Box, Pagination, Progress, Table, Text } from "@mantine/core";
import type { Key, ReactNode } from "react";
import { CardList } from "./card-list.tsx";
import { PAGE_SIZE } from "./paged-list.ts";
import { usePhone } from "./use-phone.ts";
import { commonMessages } from "../i18n/common-messages.ts";

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: "right";
  /** Keeps the cell on one line (dates). */
  nowrap?: boolean;
}

/** The rows of a page, shown as a table or as cards. */
export interface RowsView<Row> {
  items: readonly Row[];
  /** The columns the viewer sees. */
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => Key;
  rowProps?: (row: Row) => Record<`data-${string}`, string>;
  busy: boolean;
  testId: string;
}

interface PagedView<Row> {
  page: number;
  result: { readonly items: readonly Row[]; totalItems: number };
  requesting: boolean;
  error: string | null;
}

export function PagedTable<Row>({
  table,
  onPage,
  columns,
  rowKey,
  rowProps,
  testId,
  tableTestId = `${testId}-table`,
  minWidth,
  empty,
  toolbar,
}: {
  table: PagedView<Row>;
  onPage: (page: number) => void;
  /** A false column is one the viewer's role does not see. */
  columns: readonly (Column<NoInfer<Row>> | false)[];
  rowKey: (row: Row) => Key;
  rowProps?: (row: Row) => Record<`data-${string}`, string>;
  /** Prefix of the test ids: `{testId}-table`, `-empty` and `-pagination`. */
  testId: string;
  /** Where the table's test id is not `{testId}-table` (the dashboard names each tab's). */
  tableTestId?: string;
  minWidth: number;
  empty: string;
  /** Stands between the load error and the table. */
  toolbar?: ReactNode;
}) {
  const t = commonMessages.useT();
  const { items, totalItems } = table.result;
  const rows: RowsView<Row> = {
    items,
    columns: columns.filter((c) => c !== false),
    rowKey,
    rowProps,
    busy: table.requesting,
    testId: tableTestId,
  };
  return (
    <>
      {table.error && <Alert color="red">{table.error}</Alert>}
      {toolbar}
      {/* A (re)load in flight: a bar in a slot of its own, so nothing moves when it comes and goes. */}
      <Box h={4}>
        {table.requesting && (
          <Progress.Root size="xs" data-testid={`${testId}-loading`}>
            <Progress.Section value={100} animated aria-label={t("common.loading")} />
          </Progress.Root>
        )}
      </Box>
      <RowsTable {...rows} minWidth={minWidth} />
      {!table.requesting && items.length === 0 && (
        <Text c="dimmed" data-testid={`${testId}-empty`}>{empty}</Text>
      )}
      <Pagination
        total={Math.max(1, Math.ceil(totalItems / PAGE_SIZE))}
        value={table.page}
        onChange={onPage}
        hideWithOnePage
        data-testid={`${testId}-pagination`}
      />
    </>
  );
}

/** The rows as a table, or on a phone as cards. */
export function RowsTable<Row>(props: RowsView<Row> & { minWidth: number }) {
  return usePhone() ? <CardList {...props} /> : <TableRows {...props} />;
}

/** The rows as a table, scrolling sideways where the screen is narrower than `minWidth`. */
function TableRows<Row>(
  { items, columns, rowKey, rowProps, busy, testId, minWidth }: RowsView<Row> & {
    minWidth: number;
  },
) {
  const t = commonMessages.useT();
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{
        type: "always",
        viewportProps: { tabIndex: 0, role: "region", "aria-label": t("common.scrollTable") },
      }}
    >
      <Table
        striped
        highlightOnHover
        aria-busy={busy}
        style={busy ? { opacity: 0.6 } : undefined}
        data-testid={testId}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => <Table.Th key={c.key} ta={c.align}>{c.header}</Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((row) => (
            <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((c) => (
                <Table.Td
                  key={c.key}
                  ta={c.align}
                  style={c.nowrap ? { whiteSpace: "nowrap" } : undefined}
                >
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
