// /profit (Admin and SuperAdmin): realized profit per day, user and pair from DONE transactions,
// with the range's total and the CSV download (profit-{timestamp}.csv). The topbar's live price
// keeps refreshing here (spec section 4).
import "@mantine/dates/styles.css";
import {
  Alert,
  Button,
  Card,
  Group,
  NativeSelect,
  Pagination,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { PAIRS } from "../../../server/market/pairs.ts";
import { can } from "../../../server/users/roles.ts";
import { useT } from "../i18n/index.ts";
import { formatBytes } from "../reports/range.ts";
import { session } from "../session/store.ts";
import { formatNumber } from "../transactions/format.ts";
import { errorText, notifyError, notifySuccess } from "../ui/notify.ts";
import { downloadProfitCsv } from "./api.ts";
import {
  loadProfits,
  PAGE_SIZE,
  profitQuery,
  profits,
  setProfitFilter,
  setProfitPage,
} from "./store.ts";
import "./messages.ts";

export default function ProfitPage() {
  const t = useT();
  const { user } = useSnapshot(session);
  const snap = useSnapshot(profits);
  const [received, setReceived] = useState<number | null>(null);
  const allowed = !!user && can(user.role, "profits.view");

  useEffect(() => {
    if (allowed) loadProfits();
  }, [allowed]);

  if (!allowed) return <Alert color="yellow">{t("profits.noAccess")}</Alert>;

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

  const profitColor = (value: string) => (value.startsWith("-") ? "red" : "teal");

  return (
    <Stack>
      <Title order={3} data-testid="profits-title">{t("profits.title")}</Title>
      <Card withBorder>
        <Group align="flex-end" wrap="wrap">
          <DatePickerInput
            type="range"
            label={t("reports.dateRange")}
            placeholder={t("profits.allTime")}
            valueFormat="MM/DD/YYYY"
            value={[...snap.range]}
            onChange={(range) => {
              // Half a range is not a filter yet; both ends or none.
              if ((range[0] === null) === (range[1] === null)) {
                setProfitFilter({ range: [range[0], range[1]] });
              } else profits.range = [range[0], range[1]];
            }}
            allowSingleDateInRange
            clearable
            miw={240}
            data-testid="profits-range"
          />
          <NativeSelect
            label={t("reports.pair")}
            data={[
              { value: "", label: t("reports.allPairs") },
              ...PAIRS.map((p) => ({ value: p.value, label: p.label })),
            ]}
            value={snap.pair}
            onChange={(e) => setProfitFilter({ pair: e.currentTarget.value })}
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
        </Group>
      </Card>
      <Text data-testid="profits-total">
        {t("profits.total", { trades: snap.total.trades })}{" "}
        <Text span fw={700} c={profitColor(snap.total.profit)}>
          {formatNumber(snap.total.profit)}
        </Text>
      </Text>
      {snap.error && <Alert color="red">{snap.error}</Alert>}
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover data-testid="profits-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("profits.day")}</Table.Th>
              <Table.Th>{t("profits.username")}</Table.Th>
              <Table.Th>{t("reports.pair")}</Table.Th>
              <Table.Th ta="right">{t("profits.trades")}</Table.Th>
              <Table.Th ta="right">{t("profits.quantity")}</Table.Th>
              <Table.Th ta="right">{t("profits.buyAmount")}</Table.Th>
              <Table.Th ta="right">{t("profits.sellAmount")}</Table.Th>
              <Table.Th ta="right">{t("profits.profit")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {snap.items.map((row) => (
              <Table.Tr key={`${row.day}-${row.userId}-${row.pair}`}>
                <Table.Td>{row.day.slice(5, 7)}/{row.day.slice(8)}/{row.day.slice(0, 4)}</Table.Td>
                <Table.Td>{row.username}</Table.Td>
                <Table.Td>{row.pair}</Table.Td>
                <Table.Td ta="right">{row.trades}</Table.Td>
                <Table.Td ta="right">{formatNumber(row.quantity, 8)}</Table.Td>
                <Table.Td ta="right">{formatNumber(row.buyAmount)}</Table.Td>
                <Table.Td ta="right">{formatNumber(row.sellAmount)}</Table.Td>
                <Table.Td ta="right" c={profitColor(row.profit)}>
                  {formatNumber(row.profit)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!snap.requesting && snap.items.length === 0 && <Text c="dimmed">{t("profits.empty")}</Text>}
      <Pagination
        total={Math.max(1, Math.ceil(snap.totalItems / PAGE_SIZE))}
        value={snap.page}
        onChange={setProfitPage}
        hideWithOnePage
      />
    </Stack>
  );
}
