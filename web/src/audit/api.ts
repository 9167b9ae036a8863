// GET /api/audit (Admin and SuperAdmin): the audit log, newest first (server/audit/service.ts).
import type { AuditQuery } from "../../../server/audit/schema.ts";
import type { listAudit as serverListAudit } from "../../../server/audit/service.ts";
import { api } from "../api/http.ts";

export { AUDIT_ACTIONS } from "../../../server/audit/actions.ts";

type AuditPage = Awaited<ReturnType<typeof serverListAudit>>;
export type AuditEntry = AuditPage["items"][number];

export const listAudit = (query: AuditQuery) => api<AuditPage>("GET", "/audit", { query });
