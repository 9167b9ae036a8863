// /trading-controls (Admin and SuperAdmin): the stop button and per-user order limits.
import { Button, Divider, Stack, Table, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { useT } from "../i18n/index.ts";
import { formatDateTime } from "../transactions/format.ts";
import { errorText, notifyError } from "../ui/notify.ts";
import { type LimitView, listLimits, listUsers, releaseHalt } from "./api.ts";
import { haltText } from "./halt-banner.tsx";
import type { UserOption } from "./fields.tsx";
import { HaltForm } from "./halt-form.tsx";
import { LimitForm } from "./limit-form.tsx";
import { halts, loadHalts } from "./store.ts";
import "./messages.ts";

export default function TradingControlsPage() {
  const t = useT();
  const { active } = useSnapshot(halts);
  const [users, setUsers] = useState<UserOption[]>([]);
  const [limits, setLimits] = useState<LimitView[]>([]);
  const reloadLimits = () =>
    listLimits().then(setLimits, (err) => notifyError(errorText(err, t("limits.failed"))));

  useEffect(() => {
    listUsers().then(setUsers, () => {});
    reloadLimits();
  }, []);

  const release = async (id: number) => {
    try {
      await releaseHalt(id);
    } catch (err) {
      notifyError(errorText(err, t("halts.failed")));
    }
    await loadHalts();
  };

  return (
    <Stack>
      <Title order={1} size="h3">{t("halts.title")}</Title>
      <HaltForm users={users} />
      {active.length === 0
        ? <Text c="dimmed" data-testid="halts-none">{t("halts.none")}</Text>
        : (
          <Table data-testid="halts-table">
            <Table.Tbody>
              {active.map((h) => (
                <Table.Tr key={h.id} data-testid={`halt-row-${h.id}`}>
                  <Table.Td>{haltText(t, h)}</Table.Td>
                  <Table.Td>{h.stopsClosing ? t("halts.stopsClosing") : ""}</Table.Td>
                  <Table.Td>
                    {h.createdBy}, {formatDateTime(new Date(h.createdAt).toISOString())}
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" onClick={() => release(h.id)} data-testid="halt-release">
                      {t("halts.release")}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      <Divider />
      <Title order={2} size="h3">{t("limits.title")}</Title>
      <LimitForm users={users} onSaved={reloadLimits} />
      <Table data-testid="limits-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("halts.user")}</Table.Th>
            <Table.Th>{t("halts.exchange")}</Table.Th>
            <Table.Th>{t("limits.maxPerOrder")}</Table.Th>
            <Table.Th>{t("limits.maxPerDay")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {limits.map((l) => (
            <Table.Tr key={`${l.userId}-${l.exchange}`}>
              <Table.Td>{l.username}</Table.Td>
              <Table.Td>{t(`menu.${l.exchange}`)}</Table.Td>
              <Table.Td>{l.maxPerOrder ?? t("limits.none")}</Table.Td>
              <Table.Td>{l.maxPerDay ?? t("limits.none")}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
