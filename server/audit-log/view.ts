// What the API tells about the audit log: a page of entries, as listAudit answers it.
import type { listAudit } from "./service.ts";

export type AuditPage = Awaited<ReturnType<typeof listAudit>>;
export type AuditEntry = AuditPage["items"][number];
