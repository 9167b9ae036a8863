// /shift (Admin and SuperAdmin): the shifts, each with its start, end, interval and users.
import { Alert, Button, Group, Modal, Pagination, Stack, Table, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import type { ShiftView } from "../../../server/shifts/schema.ts";
import { can } from "../../../server/users/roles.ts";
import { useT } from "../i18n/index.ts";
import { session } from "../session/store.ts";
import { errorText, notifyError, notifySuccess } from "../ui/notify.ts";
import { deleteShift } from "./api.ts";
import { formatShiftTime } from "./format.ts";
import { ShiftFormModal } from "./shift-form-modal.tsx";
import { loadShifts, PAGE_SIZE, setShiftsPage, shiftsTable } from "./store.ts";
import "./messages.ts";

type Open = { kind: "form"; shift?: ShiftView } | { kind: "delete"; shift: ShiftView } | null;

export default function ShiftPage() {
  const t = useT();
  const { user } = useSnapshot(session);
  const table = useSnapshot(shiftsTable);
  const [open, setOpen] = useState<Open>(null);
  const allowed = !!user && can(user.role, "shifts.manage");

  useEffect(() => {
    if (allowed) loadShifts();
  }, [allowed]);

  if (!allowed) return <Alert color="yellow">{t("shifts.noAccess")}</Alert>;

  async function remove(shift: ShiftView) {
    try {
      await deleteShift(shift.id);
      notifySuccess(t("shifts.deleted"));
      setOpen(null);
      loadShifts();
    } catch (err) {
      notifyError(errorText(err, t("shifts.deleteFailed")));
    }
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3} data-testid="shifts-title">{t("shifts.title")}</Title>
        <Button onClick={() => setOpen({ kind: "form" })} data-testid="shift-add">
          {t("shifts.add")}
        </Button>
      </Group>
      {table.error && <Alert color="red">{table.error}</Alert>}
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover data-testid="shifts-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("shifts.start")}</Table.Th>
              <Table.Th>{t("shifts.end")}</Table.Th>
              <Table.Th>{t("shifts.hours")}</Table.Th>
              <Table.Th>{t("shifts.users")}</Table.Th>
              <Table.Th>{t("shifts.actions")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {table.items.map((shift) => (
              <Table.Tr key={shift.id} data-testid={`shift-row-${shift.id}`}>
                <Table.Td>{formatShiftTime(shift.timeStart)}</Table.Td>
                <Table.Td>{formatShiftTime(shift.timeEnd)}</Table.Td>
                <Table.Td>{shift.interval}</Table.Td>
                <Table.Td>
                  {shift.users.map((u) =>
                    u.username
                  ).join(", ")}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setOpen({ kind: "form", shift: shift as ShiftView })}
                    >
                      {t("common.edit")}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={() => setOpen({ kind: "delete", shift: shift as ShiftView })}
                    >
                      {t("common.delete")}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!table.requesting && table.items.length === 0 && <Text c="dimmed">{t("shifts.empty")}</Text>}
      <Pagination
        total={Math.max(1, Math.ceil(table.totalItems / PAGE_SIZE))}
        value={table.page}
        onChange={setShiftsPage}
        hideWithOnePage
      />
      {open?.kind === "form" && <ShiftFormModal shift={open.shift} onClose={() => setOpen(null)} />}
      {open?.kind === "delete" && (
        <Modal
          opened
          onClose={() => setOpen(null)}
          title={t("shifts.deleteTitle")}
          centered
        >
          <Stack>
            <Text>
              {t("shifts.deleteConfirm", {
                start: formatShiftTime(open.shift.timeStart),
                end: formatShiftTime(open.shift.timeEnd),
              })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(null)}>
                {t("common.cancel")}
              </Button>
              <Button color="red" onClick={() => remove(open.shift)} data-testid="shift-delete">
                {t("common.delete")}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
