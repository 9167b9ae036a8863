// /shift (Admin and SuperAdmin): the shifts, each with its start, end, interval and users.
import { Button, Group } from "@mantine/core";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import type { ShiftView } from "../../../server/shifts/schema.ts";
import { ConfirmModal } from "../ui/confirm-modal.tsx";
import { ListPage } from "../ui/list-page.tsx";
import { PagedTable } from "../ui/paged-table.tsx";
import { deleteShift } from "./api.ts";
import { formatShiftTime } from "./format.ts";
import { ShiftFormModal } from "./shift-form-modal.tsx";
import { shifts } from "./store.ts";
import { combineMessages } from "../i18n/index.ts";
import { commonMessages } from "../i18n/common-messages.ts";
import { shiftsMessages } from "./messages.ts";

const messages = combineMessages(commonMessages, shiftsMessages);

type Open = { kind: "form"; shift?: ShiftView } | { kind: "delete"; shift: ShiftView } | null;

export default function ShiftPage() {
  const t = messages.useT();
  const table = useSnapshot(shifts.state);
  const [open, setOpen] = useState<Open>(null);

  useEffect(() => {
    shifts.load();
  }, []);

  return (
    <ListPage
      testId="shifts"
      title={t("shifts.title")}
      action={
        <Button onClick={() => setOpen({ kind: "form" })} data-testid="shift-add">
          {t("shifts.add")}
        </Button>
      }
    >
      <PagedTable
        table={table}
        onPage={shifts.setPage}
        testId="shifts"
        minWidth={640}
        empty={t("shifts.empty")}
        rowKey={(shift) => shift.id}
        rowProps={(shift) => ({ "data-testid": `shift-row-${shift.id}` })}
        columns={[
          { key: "start", header: t("shifts.start"), cell: (s) => formatShiftTime(s.timeStart) },
          { key: "end", header: t("shifts.end"), cell: (s) => formatShiftTime(s.timeEnd) },
          { key: "hours", header: t("shifts.hours"), cell: (s) => s.interval },
          {
            key: "users",
            header: t("shifts.users"),
            cell: (s) => s.users.map((u) => u.username).join(", "),
          },
          {
            key: "actions",
            header: t("shifts.actions"),
            cell: (shift) => (
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
            ),
          },
        ]}
      />
      {open?.kind === "form" && <ShiftFormModal shift={open.shift} onClose={() => setOpen(null)} />}
      {open?.kind === "delete" && (
        <ConfirmModal
          title={t("shifts.deleteTitle")}
          message={t("shifts.deleteConfirm", {
            start: formatShiftTime(open.shift.timeStart),
            end: formatShiftTime(open.shift.timeEnd),
          })}
          confirmLabel={t("common.delete")}
          color="red"
          testId="shift-delete"
          action={async () => {
            await deleteShift(open.shift.id);
            shifts.load();
            return t("shifts.deleted");
          }}
          failed={t("shifts.deleteFailed")}
          onClose={() => setOpen(null)}
        />
      )}
    </ListPage>
  );
}
