// The CSV report calls (docs/api.md#reports); files are saved as Report-{timestamp}.csv.
import { download } from "../api/http.ts";
import type { UserSummaryInput } from "../../../server/reports/schema.ts";

type Range = { start: number; end: number };
type Progress = (bytes: number) => void;

const reportFile = () => `Report-${Date.now()}.csv`;

export const downloadTransactionReport = (body: Range, onProgress: Progress) =>
  download("POST", "/transaction/report", reportFile(), { body, onProgress });

export const downloadUserSummaryReport = (body: UserSummaryInput, onProgress: Progress) =>
  download("POST", "/transaction/report-transactions", reportFile(), { body, onProgress });

export const downloadEndOfShiftReport = (body: Range, onProgress: Progress) =>
  download("POST", "/shift-report/daily-report", reportFile(), { body, onProgress });
