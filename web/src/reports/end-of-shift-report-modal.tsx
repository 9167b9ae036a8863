// Avatar menu "End of Shift Report" (Admin and SuperAdmin): the shift reports in the date range.
import { useT } from "../i18n/index.ts";
import type { ModalProps } from "../ui/modal-props.ts";
import { downloadEndOfShiftReport } from "./api.ts";
import { ReportModal } from "./report-modal.tsx";

export default function EndOfShiftReportModal({ opened, onClose }: ModalProps) {
  const t = useT();
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
