// The frame of every report modal: a date range, the report's own fields, and a download that
// shows its progress, then 'Report Success!' or the server's message / 'Report Failed!'.
import "@mantine/dates/styles.css";
import { Modal, Progress, Stack, Text } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { type ReactNode, useState } from "react";
import { attempt } from "../ui/attempt.ts";
import { ModalActions } from "../ui/modal-actions.tsx";
import type { ModalProps } from "../ui/modal-props.ts";
import { notifyWarning } from "../ui/notify.ts";
import { type DayRange, dayRangeMs, formatBytes, todayRange } from "./range.ts";
import type { KeyOf } from "../i18n/index.ts";
import { reportsMessages } from "./messages.ts";

export interface ReportModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Prefix of the data-testid attributes, e.g. "transaction-report". */
  testId: string;
  children?: ReactNode;
  download(range: { start: number; end: number }, onProgress: (bytes: number) => void): Promise<
    void
  >;
}

export function ReportModal(props: ReportModalProps) {
  const t = reportsMessages.useT();
  const [range, setRange] = useState<DayRange>(todayRange);
  const [received, setReceived] = useState<number | null>(null);

  async function run() {
    const ms = dayRangeMs(range);
    if (!ms) return notifyWarning(t("reports.selectRange"));
    setReceived(0);
    const done = await attempt(async () => {
      await props.download(ms, setReceived);
      return t("reports.success");
    }, t("reports.failed"));
    setReceived(null);
    if (done) props.onClose();
  }

  const busy = received !== null;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Stack gap="sm">
        <DatePickerInput
          type="range"
          label={t("reports.dateRange")}
          placeholder={t("reports.pickDates")}
          valueFormat="MM/DD/YYYY"
          value={range}
          onChange={(value) => setRange([value[0], value[1]])}
          allowSingleDateInRange
          data-testid={`${props.testId}-range`}
        />
        {props.children}
        {busy && (
          <Stack gap={4} data-testid={`${props.testId}-progress`}>
            <Progress value={100} striped animated />
            <Text size="sm" c="dimmed">
              {t("reports.downloading", { size: formatBytes(received) })}
            </Text>
          </Stack>
        )}
        <ModalActions
          onClose={props.onClose}
          holdWhileBusy
          label={t("reports.download")}
          busy={busy}
          onConfirm={run}
          testId={`${props.testId}-submit`}
        />
      </Stack>
    </Modal>
  );
}

/** A report asked for by its date range alone: the modal the avatar menu opens for it. */
export function rangeReportModal(
  titleKey: KeyOf<typeof reportsMessages>,
  testId: string,
  download: ReportModalProps["download"],
) {
  return function RangeReportModal({ opened, onClose }: ModalProps) {
    const t = reportsMessages.useT();
    return (
      <ReportModal
        opened={opened}
        onClose={onClose}
        title={t(titleKey)}
        testId={testId}
        download={download}
      />
    );
  };
}
