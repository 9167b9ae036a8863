// Avatar menu "Transaction Report" (Lead and above): every transaction in the date range.
import { downloadTransactionReport } from "./api.ts";
import { rangeReportModal } from "./report-modal.tsx";

export default rangeReportModal(
  "reports.transaction",
  "transaction-report",
  downloadTransactionReport,
);
