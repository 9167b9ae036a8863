// /reconciliation (Admin and SuperAdmin): each account's latest check, its drift per asset and the
// rows it counted; Run now and Acknowledge (docs/screens.md#reconciliation).
import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { exchangeTitle, findPair } from "../../../server/exchanges/pairs.shared.ts";
import { serverText } from "../errors/server-messages.ts";
import { formatDateTime } from "../transactions/format.ts";
import { errorText, notifyError } from "../ui/notify.ts";
import { type Column, RowsTable } from "../ui/paged-table.tsx";
import { acknowledgeCheck, type CheckRowView, type CheckView, runReconciliation } from "./api.ts";
import { reconciliationMessages } from "./messages.ts";
import { loadReconciliation, reconciliation, showReconciliation } from "./store.ts";

type T = ReturnType<typeof reconciliationMessages.useT>;
type AssetDrift = CheckView["drift"][number];

const at = (ms: number) => formatDateTime(new Date(ms).toISOString());

export default function ReconciliationPage() {
  const t = reconciliationMessages.useT();
  const { view } = useSnapshot(reconciliation);
  const [running, setRunning] = useState(false);
  useEffect(() => void loadReconciliation(), []);

  const run = async () => {
    setRunning(true);
    try {
      showReconciliation(await runReconciliation());
    } catch (err) {
      notifyError(errorText(err, t("recon.runFailed")));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h3">{t("recon.title")}</Title>
        <Button onClick={run} loading={running} data-testid="recon-run">{t("recon.run")}</Button>
      </Group>
      <Text c="dimmed" size="sm">{t("recon.intro")}</Text>
      {!view
        ? <Loader />
        : view.checks.length === 0
        ? <Text c="dimmed" data-testid="recon-none">{t("recon.none")}</Text>
        : view.checks.map((c) => <CheckCard key={c.id} check={c as CheckView} t={t} />)}
    </Stack>
  );
}

function CheckCard({ check: c, t }: { check: CheckView; t: T }) {
  const [busy, setBusy] = useState(false);
  const acknowledge = async () => {
    setBusy(true);
    try {
      await acknowledgeCheck(c.id);
    } catch (err) {
      notifyError(errorText(err, t("recon.acknowledgeFailed")));
    } finally {
      setBusy(false);
    }
    await loadReconciliation();
  };
  const owner = t(c.owner.kind === "bot" ? "recon.bot" : "recon.user", {
    name: c.owner.name ?? c.account,
  });
  const where = c.adapter === "paper" ? t("recon.paper") : exchangeTitle(c.exchange);
  const acknowledged = c.state === "drift" && c.acknowledgedAt !== null;
  return (
    <Card withBorder data-testid={`recon-check-${c.account}`} data-state={c.state}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{owner}</Text>
            <Badge variant="light" color="gray">{where}</Badge>
            <StateBadge state={acknowledged ? "acknowledged" : c.state} t={t} />
          </Group>
          <Text size="sm" c="dimmed">{t("recon.checkedAt", { at: at(c.checkedAt) })}</Text>
        </Group>
        {c.first && <Text size="sm">{t("recon.first")}</Text>}
        {c.error && (
          <Text size="sm" c="red" data-testid="recon-error">
            {c.error.code ? serverText(c.error.code, c.error.params) : c.error.text}
          </Text>
        )}
        {c.balances.length > 0 && (
          <Text size="sm">
            <Text span fw={600}>{t("recon.balances")}:</Text>{" "}
            {c.balances.map((b) =>
              `${b.asset} ${b.free}${b.locked !== "0" ? ` (+${b.locked})` : ""}`
            )
              .join(" · ")}
          </Text>
        )}
        {c.drift.length > 0 && <DriftTable check={c} t={t} />}
        {c.state === "drift" && !acknowledged && (
          <Group>
            <Button color="orange" onClick={acknowledge} loading={busy} data-testid="recon-ack">
              {t("recon.acknowledge")}
            </Button>
          </Group>
        )}
        {acknowledged && (
          <Text size="sm" c="dimmed">
            {t("recon.acknowledgedBy", { name: c.acknowledgedBy ?? "", at: at(c.acknowledgedAt!) })}
          </Text>
        )}
        {!c.first && <RowsOf check={c} t={t} />}
      </Stack>
    </Card>
  );
}

const STATE_COLORS = { ok: "green", drift: "red", error: "orange", acknowledged: "gray" };

function StateBadge({ state, t }: { state: keyof typeof STATE_COLORS; t: T }) {
  return (
    <Badge color={STATE_COLORS[state]} data-testid="recon-state">
      {t(`recon.state.${state}`)}
    </Badge>
  );
}

function DriftTable({ check, t }: { check: CheckView; t: T }) {
  const columns: Column<AssetDrift>[] = [
    { key: "asset", header: t("recon.asset"), cell: (d) => d.asset },
    { key: "actual", header: t("recon.actual"), cell: (d) => d.actual, align: "right" },
    { key: "expected", header: t("recon.expected"), cell: (d) => d.expected, align: "right" },
    {
      key: "difference",
      header: t("recon.difference"),
      cell: (d) => <Text span c="red" fw={600} size="sm">{d.difference}</Text>,
      align: "right",
    },
  ];
  return (
    <RowsTable
      items={check.drift}
      columns={columns}
      rowKey={(d) => d.asset}
      busy={false}
      testId="recon-drift"
      minWidth={420}
    />
  );
}

function RowsOf({ check, t }: { check: CheckView; t: T }) {
  if (check.transactionCount === 0) return <Text size="sm" c="dimmed">{t("recon.noRows")}</Text>;
  const columns: Column<CheckRowView>[] = [
    { key: "id", header: t("recon.column.id"), cell: (r) => r.id },
    { key: "pair", header: t("recon.column.pair"), cell: (r) => findPair(r.pair)?.label ?? r.pair },
    { key: "leg", header: t("recon.column.leg"), cell: (r) => t(`recon.leg.${r.leg}`) },
    { key: "side", header: t("recon.column.side"), cell: (r) => r.side },
    {
      key: "quantity",
      header: t("recon.column.quantity"),
      cell: (r) => r.quantity,
      align: "right",
    },
    { key: "price", header: t("recon.column.price"), cell: (r) => r.price ?? "", align: "right" },
    {
      key: "fee",
      header: t("recon.column.fee"),
      cell: (r) => r.fee ? `${r.fee} ${r.feeAsset ?? ""}` : "",
      align: "right",
    },
    { key: "at", header: t("recon.column.at"), cell: (r) => at(r.at), nowrap: true },
  ];
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>{t("recon.rows")}</Text>
      <RowsTable
        items={check.transactions}
        columns={columns}
        rowKey={(r) => `${r.id}-${r.leg}`}
        rowProps={(r) => ({ "data-testid": `recon-row-${r.id}` })}
        busy={false}
        testId="recon-rows"
        minWidth={720}
      />
      {check.transactionCount > check.transactions.length && (
        <Text size="xs" c="dimmed">
          {t("recon.rowsShown", {
            shown: check.transactions.length,
            count: check.transactionCount,
          })}
        </Text>
      )}
    </Stack>
  );
}
