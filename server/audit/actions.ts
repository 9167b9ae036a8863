// Every action the audit log records: recordAudit takes only these, and the client's audit page
// offers them as its filter (it imports this file, which imports nothing).
export const AUDIT_ACTIONS = [
  "signin.succeeded",
  "signin.failed",
  "signin.throttled",
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
  "trading.halted",
  "trading.released",
  "trading.limits_set",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
