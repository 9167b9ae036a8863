// GET /api/audit (Admin and SuperAdmin): the audit log, newest first (server/audit-log/view.ts).
import type { AuditQuery } from "../../../server/audit-log/schema.ts";
import type { AuditPage } from "../../../server/audit-log/view.ts";
import { api } from "../api/http.ts";

export { AUDIT_ACTIONS } from "../../../server/audit/actions.shared.ts";

export type { AuditEntry } from "../../../server/audit-log/view.ts";

/** The action filter as the select holds it: "" (every action) or one of AUDIT_ACTIONS. */
export const listAudit = (
  query: Omit<AuditQuery, "action" | "start" | "end"> & {
    action?: string;
    start?: number;
    end?: number;
  },
) => api<AuditPage>("GET", "/audit", { query });
