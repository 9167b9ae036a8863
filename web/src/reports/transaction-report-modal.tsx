// Avatar menu "Transaction Report" (Lead and above): every transaction in the date range.
import { useT } from "../i18n/index.ts";
import type { ModalProps } from "../ui/modal-props.ts";
import { downloadTransactionReport } from "./api.ts";
import { ReportModal } from "./report-modal.tsx";

export default function TransactionReportModal({ opened, onClose }: ModalProps) {
  const t = useT();
  return (
    <ReportModal
      opened={opened}
      onClose={onClose}
      title={t("reports.transaction")}
      testId="transaction-report"
      download={downloadTransactionReport}
    />
  );
}
