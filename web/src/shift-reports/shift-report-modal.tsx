// The Shift Report form (docs/shifts.md#shift-report-form): account required, amounts as decimals
// (empty is 0). Copy and Save both put the summary lines on the clipboard; Save stores the report
// (today's is edited when it exists), then 'Success!' and a reload, or the error / 'Failed!'.
import { Button, Group, Loader, Modal, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import dayjs from "dayjs";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import {
  SHIFT_AMOUNT_FIELDS,
  type ShiftAmountField,
  shiftReportSchema,
  type ShiftReportView,
} from "../../../server/shift-reports/schema.ts";
import { shiftSummaryText } from "../../../server/shift-reports/summary.shared.ts";
import type { ModalProps } from "../ui/modal-props.ts";
import { session } from "../session/store.ts";
import { zodValidate } from "../ui/form.ts";
import { useAttempt } from "../ui/attempt.ts";
import { notifyError, notifySuccess } from "../ui/notify.ts";
import { numericText } from "../ui/numeric-text.ts";
import { createShiftReport, todayShiftReport, updateShiftReport } from "./api.ts";
import { combineMessages } from "../i18n/index.ts";
import { commonMessages } from "../i18n/common-messages.ts";
import { shiftReportMessages } from "./messages.ts";

const messages = combineMessages(commonMessages, shiftReportMessages);

/** How long 'Success!' shows before the page reloads. */
const RELOAD_AFTER_MS = 1_500;

const EMPTY = Object.fromEntries([
  ["account", ""],
  ...SHIFT_AMOUNT_FIELDS.map((f) => [f, ""]),
]) as Record<"account" | ShiftAmountField, string>;

export default function ShiftReportModal({ opened, onClose }: ModalProps) {
  const t = messages.useT();
  const { user } = useSnapshot(session);
  const [existing, setExisting] = useState<ShiftReportView | null>(null);
  const [loading, setLoading] = useState(true);
  const { busy, attempt } = useAttempt(onClose);
  const form = useForm({ initialValues: EMPTY, validate: zodValidate(shiftReportSchema) });

  useEffect(() => {
    todayShiftReport().then((report) => {
      setExisting(report);
      if (report) {
        form.setValues({
          account: report.account,
          ...Object.fromEntries(SHIFT_AMOUNT_FIELDS.map((f) => [f, report[f]])),
        });
      }
    }, () => {}).finally(() => setLoading(false));
  }, []);

  /** The checked values and their summary lines, or null when the form shows errors. */
  function checked() {
    if (form.validate().hasErrors) return null;
    const values = shiftReportSchema.parse(form.getValues());
    const text = shiftSummaryText(values, {
      username: user?.username ?? "",
      date: dayjs().format("MM/DD/YYYY"),
    });
    return { values, text };
  }

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      notifyError(t("shiftReport.copyFailed"));
      return false;
    }
  }

  async function onCopy() {
    const result = checked();
    if (result && await copy(result.text)) notifySuccess(t("shiftReport.copied"));
  }

  async function onSave() {
    const result = checked();
    if (!result) return;
    await copy(result.text);
    await attempt(async () => {
      if (existing) await updateShiftReport(existing.id, result.values);
      else await createShiftReport(result.values);
      setTimeout(() => location.reload(), RELOAD_AFTER_MS);
      return t("shiftReport.success");
    }, t("shiftReport.failed"));
  }

  const amount = (name: ShiftAmountField) => {
    const props = form.getInputProps(name);
    return {
      ...props,
      onChange: (e: { currentTarget: { value: string } }) =>
        props.onChange(numericText(e.currentTarget.value)),
      inputMode: "decimal" as const,
      label: t(`shiftReport.${name}`),
      placeholder: "0",
      "data-testid": `shift-report-${name}`,
    };
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t("shiftReport.title")} centered>
      {loading ? <Loader size="sm" /> : (
        <Stack gap="sm">
          <TextInput
            label={t("shiftReport.account")}
            withAsterisk
            {...form.getInputProps("account")}
            data-testid="shift-report-account"
          />
          <SimpleGrid cols={2} spacing="sm">
            {SHIFT_AMOUNT_FIELDS.map((f) => <TextInput key={f} {...amount(f)} />)}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCopy} data-testid="shift-report-copy">
              {t("shiftReport.copy")}
            </Button>
            <Button onClick={onSave} loading={busy} data-testid="shift-report-save">
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
