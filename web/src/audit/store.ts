// The /audit table: action, actor and date filters, the page and the entries the server returned.
import { type DayRange, dayRangeMs } from "../reports/range.ts";
import { pagedList } from "../ui/paged-list.ts";
import { type AuditEntry, listAudit } from "./api.ts";
import { auditMessages } from "./messages.ts";

export const auditLog = pagedList({
  filters: { action: "", actor: "", range: [null, null] as DayRange },
  empty: { items: [] as AuditEntry[], totalItems: 0 },
  // No range (or half of one) means all time.
  fetch: ({ range, ...query }) => listAudit({ ...query, ...dayRangeMs(range) }),
  failed: () => auditMessages.translate("audit.loadFailed"),
});
