// Avatar menu "Transaction Report" (Lead and above): every transaction in the date range.
import type { ModalProps } from "../ui/modal-props.ts";
import { downloadTransactionReport } from "./api.ts";
import { ReportModal } from "./report-modal.tsx";
import { reportsMessages } from "./messages.ts";

export default function TransactionReportModal({ opened, onClose }: ModalProps) {
  const t = reportsMessages.useT();
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
