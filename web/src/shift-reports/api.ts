// The shift report calls (docs/api.md#shift-reports).
import { api } from "../api/http.ts";
import type { ShiftReportValues, ShiftReportView } from "../../../server/shift-reports/schema.ts";

export const todayShiftReport = () => api<ShiftReportView | null>("GET", "/shift-report/today");

export const createShiftReport = (body: ShiftReportValues) =>
  api<ShiftReportView>("POST", "/shift-report", { body });

export const updateShiftReport = (id: number, body: ShiftReportValues) =>
  api<ShiftReportView>("PATCH", `/shift-report/${id}`, { body });
