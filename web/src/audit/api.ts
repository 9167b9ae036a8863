// GET /api/audit (Admin and SuperAdmin): the audit log, newest first (server/audit-log/service.ts).
import type { AuditQuery } from "../../../server/audit-log/schema.ts";
import type { listAudit as serverListAudit } from "../../../server/audit-log/service.ts";
import { api } from "../api/http.ts";

export { AUDIT_ACTIONS } from "../../../server/audit/actions.ts";

type AuditPage = Awaited<ReturnType<typeof serverListAudit>>;
export type AuditEntry = AuditPage["items"][number];

/** The action filter as the select holds it: "" (every action) or one of AUDIT_ACTIONS. */
export const listAudit = (
  query: Omit<AuditQuery, "action" | "start" | "end"> & {
    action?: string;
    start?: number;
    end?: number;
  },
) => api<AuditPage>("GET", "/audit", { query });
