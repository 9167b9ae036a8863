// The /audit table: the action filter, the page and the entries the server returned.
import { pagedList } from "../ui/paged-list.ts";
import { type AuditEntry, listAudit } from "./api.ts";
import "./messages.ts";

export const auditLog = pagedList({
  filters: { action: "" },
  empty: { items: [] as AuditEntry[], totalItems: 0 },
  fetch: listAudit,
  failed: "audit.loadFailed",
});
