// Avatar menu "End of Shift Report" (Admin and SuperAdmin): the shift reports in the date range.
import type { ModalProps } from "../ui/modal-props.ts";
import { downloadEndOfShiftReport } from "./api.ts";
import { ReportModal } from "./report-modal.tsx";
import { reportsMessages } from "./messages.ts";

export default function EndOfShiftReportModal({ opened, onClose }: ModalProps) {
  const t = reportsMessages.useT();
  return (
    <ReportModal
      opened={opened}
      onClose={onClose}
      title={t("reports.endOfShift")}
      testId="end-of-shift-report"
      download={downloadEndOfShiftReport}
    />
  );
}
