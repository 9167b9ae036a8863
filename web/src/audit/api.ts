// GET /api/audit (Admin and SuperAdmin): the audit log, newest first (server/audit/service.ts).
import type { listAudit as serverListAudit } from "../../../server/audit/service.ts";
import { api } from "../api/http.ts";

type AuditPage = Awaited<ReturnType<typeof serverListAudit>>;
export type AuditEntry = AuditPage["items"][number];

/**
 * The actions the server records, for the filter. The server keeps no list of them: a new one
 * shows in the table at once and needs adding here to be filtered on.
 */
export const AUDIT_ACTIONS = [
  "user.created",
  "user.updated",
  "user.role_changed",
  "user.password_set",
  "user.deleted",
  "user.keys.update",
  "password.changed",
  "password.reset_requested",
  "password.reset_issued",
  "password.reset",
  "2fa.enrolled",
  "2fa.reset_requested",
  "2fa.reset",
  "botKey.create",
  "botKey.update",
  "botKey.delete",
  "shift.create",
  "shift.update",
  "shift.delete",
  "shiftReport.update",
];

export const listAudit = (query: { action: string; page: number; limit: number }) =>
  api<AuditPage>("GET", "/audit", { query });
