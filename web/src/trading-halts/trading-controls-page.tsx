// /trading-controls (Admin and SuperAdmin): the stop button and per-user order limits.
import { Button, Divider, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { formatDateTime } from "../transactions/format.ts";
import { ConfirmModal } from "../ui/confirm-modal.tsx";
import { errorText, notifyError } from "../ui/notify.ts";
import { type Column, RowsTable } from "../ui/paged-table.tsx";
import { type HaltView, type LimitView, listLimits, listUsers, releaseHalt } from "./api.ts";
import { haltText } from "./halt-banner.tsx";
import type { UserOption } from "./fields.tsx";
import { HaltForm } from "./halt-form.tsx";
import { LimitForm } from "./limit-form.tsx";
import { halts, loadHalts } from "./store.ts";
import { combineMessages } from "../i18n/index.ts";
import { menuMessages } from "../i18n/menu-messages.ts";
import { haltsMessages } from "./messages.ts";

const messages = combineMessages(menuMessages, haltsMessages);

export default function TradingControlsPage() {
  const t = messages.useT();
  const { active } = useSnapshot(halts);
  const [users, setUsers] = useState<UserOption[]>([]);
  const [limits, setLimits] = useState<LimitView[]>([]);
  const [releasing, setReleasing] = useState<HaltView | null>(null);
  const reloadLimits = () =>
    listLimits().then(setLimits, (err) => notifyError(errorText(err, t("limits.failed"))));

  useEffect(() => {
    listUsers().then(setUsers, () => {});
    reloadLimits();
  }, []);

  const haltColumns: Column<HaltView>[] = [
    { key: "halt", header: t("halts.column.halt"), cell: (h) => haltText(t, h) },
    {
      key: "closing",
      header: t("halts.column.closing"),
      cell: (h) => h.stopsClosing ? t("halts.stopsClosing") : "",
    },
    {
      key: "set",
      header: t("halts.column.set"),
      cell: (h) => `${h.createdBy}, ${formatDateTime(new Date(h.createdAt).toISOString())}`,
    },
    {
      key: "release",
      header: "",
      cell: (h) => (
        <Button size="xs" onClick={() => setReleasing(h)} data-testid="halt-release">
          {t("halts.release")}
        </Button>
      ),
    },
  ];
  // A limit's exchange is the server's text; one this client has no name for shows as it is.
  const exchangeName = (exchange: string) => {
    const key = `menu.${exchange}`;
    return messages.has(key) ? t(key) : exchange;
  };
  const limitColumns: Column<LimitView>[] = [
    { key: "user", header: t("halts.user"), cell: (l) => l.username },
    { key: "exchange", header: t("halts.exchange"), cell: (l) => exchangeName(l.exchange) },
    {
      key: "perOrder",
      header: t("limits.maxPerOrder"),
      cell: (l) => l.maxPerOrder ?? t("limits.none"),
    },
    { key: "perDay", header: t("limits.maxPerDay"), cell: (l) => l.maxPerDay ?? t("limits.none") },
  ];

  return (
    <Stack>
      <Title order={1} size="h3">{t("halts.title")}</Title>
      <HaltForm users={users} />
      {active.length === 0
        ? <Text c="dimmed" data-testid="halts-none">{t("halts.none")}</Text>
        : (
          <RowsTable
            items={active}
            columns={haltColumns}
            rowKey={(h) => h.id}
            rowProps={(h) => ({ "data-testid": `halt-row-${h.id}` })}
            busy={false}
            testId="halts-table"
            minWidth={560}
          />
        )}
      <Divider />
      <Title order={2} size="h3">{t("limits.title")}</Title>
      <LimitForm users={users} onSaved={reloadLimits} />
      <RowsTable
        items={limits}
        columns={limitColumns}
        rowKey={(l) => `${l.userId}-${l.exchange}`}
        busy={false}
        testId="limits-table"
        minWidth={480}
      />
      {releasing && (
        <ConfirmModal
          title={t("halts.releaseTitle")}
          message={t("halts.releaseMessage")}
          confirmLabel={t("halts.release")}
          testId="halt-release-confirm"
          action={async () => {
            await releaseHalt(releasing.id);
            await loadHalts();
            return t("halts.released");
          }}
          failed={t("halts.failed")}
          onClose={() => setReleasing(null)}
        >
          <Text fw={700}>{haltText(t, releasing)}</Text>
        </ConfirmModal>
      )}
    </Stack>
  );
}
