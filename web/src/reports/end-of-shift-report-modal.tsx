// Avatar menu "End of Shift Report" (Admin and SuperAdmin): the shift reports in the date range.
import { downloadEndOfShiftReport } from "./api.ts";
import { rangeReportModal } from "./report-modal.tsx";

export default rangeReportModal(
  "reports.endOfShift",
  "end-of-shift-report",
  downloadEndOfShiftReport,
);
