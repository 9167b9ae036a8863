// The shift time form (docs/shifts.md#shift-times): start day and hour, interval in hours, users.
// The end is previewed with the server's own rules (minutes zeroed, 0 h = 24 h, rolled past
// midnight).
import "@mantine/dates/styles.css";
import { Group, Modal, MultiSelect, NativeSelect, NumberInput, Stack, Text } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import dayjs from "dayjs";
import { useEffect, useState } from "react";
import type { ShiftView } from "../../../server/shifts/schema.ts";
import { shiftTime } from "../../../server/shifts/shift-time.shared.ts";
import { useAttempt } from "../ui/attempt.ts";
import { ModalActions } from "../ui/modal-actions.tsx";
import { errorText, notifyError } from "../ui/notify.ts";
import { createShift, listAllUsers, updateShift } from "./api.ts";
import { dayHourMs, formatShiftTime, hourOptions, viewerTzOffset } from "./format.ts";
import { shifts } from "./store.ts";
import { combineMessages } from "../i18n/index.ts";
import { commonMessages } from "../i18n/common-messages.ts";
import { shiftsMessages } from "./messages.ts";

const messages = combineMessages(commonMessages, shiftsMessages);

interface Props {
  /** The shift to edit; a new one when absent. */
  shift?: ShiftView;
  onClose: () => void;
}

export function ShiftFormModal({ shift, onClose }: Props) {
  const t = messages.useT();
  const start = shift ? dayjs(shift.timeStart) : dayjs();
  const [day, setDay] = useState<string | null>(start.format("YYYY-MM-DD"));
  const [hour, setHour] = useState(start.hour());
  const [intervalValue, setIntervalValue] = useState<number | string>(shift?.interval ?? 8);
  const [userIds, setUserIds] = useState<string[]>(shift?.users.map((u) => String(u.id)) ?? []);
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const { busy, attempt } = useAttempt(onClose);

  useEffect(() => {
    listAllUsers().then(
      (users) => setOptions(users.map((u) => ({ value: String(u.id), label: u.username }))),
      (err) => notifyError(errorText(err, t("shifts.usersFailed"))),
    );
  }, []);

  const hours = typeof intervalValue === "number" ? intervalValue : NaN;
  const valid = day !== null && Number.isInteger(hours) && hours >= 0 && hours <= 24;
  const startMs = day ? dayHourMs(day, hour) : NaN;
  const preview = valid ? shiftTime(startMs, hours, viewerTzOffset(startMs)) : null;

  async function save() {
    if (!valid) return;
    const body = {
      timeStart: startMs,
      interval: hours,
      users: userIds.map(Number),
      tzOffset: viewerTzOffset(startMs),
    };
    await attempt(async () => {
      if (shift) await updateShift(shift.id, body);
      else await createShift(body);
      shifts.load();
      return t("shifts.saved");
    }, t("shifts.saveFailed"));
  }

  return (
    <Modal opened onClose={onClose} title={t(shift ? "shifts.edit" : "shifts.add")} centered>
      <Stack gap="sm">
        <Group grow align="flex-start">
          <DatePickerInput
            label={t("shifts.startDay")}
            valueFormat="MM/DD/YYYY"
            value={day}
            onChange={setDay}
            withAsterisk
            data-testid="shift-day"
          />
          <NativeSelect
            label={t("shifts.startHour")}
            data={hourOptions()}
            value={String(hour)}
            onChange={(e) => setHour(Number(e.currentTarget.value))}
            data-testid="shift-hour"
          />
        </Group>
        <NumberInput
          label={t("shifts.interval")}
          description={t("shifts.intervalHint")}
          min={0}
          max={24}
          allowDecimal={false}
          value={intervalValue}
          onChange={setIntervalValue}
          error={valid || day === null ? undefined : t("Between 0 and 24 hours")}
          data-testid="shift-interval"
        />
        <MultiSelect
          label={t("shifts.users")}
          data={options}
          value={userIds}
          onChange={setUserIds}
          searchable
          clearable
          data-testid="shift-users"
        />
        {preview && (
          <Text size="sm" c="dimmed" data-testid="shift-preview">
            {t("shifts.preview", {
              start: formatShiftTime(preview.timeStart),
              end: formatShiftTime(preview.timeEnd),
              hours: preview.interval,
            })}
          </Text>
        )}
        <ModalActions
          onClose={onClose}
          label={t("common.save")}
          busy={busy}
          onConfirm={save}
          disabled={!valid}
          testId="shift-save"
        />
      </Stack>
    </Modal>
  );
}
