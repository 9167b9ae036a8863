// The reconciliation calls (server/reconciliation/routes.ts).
import { api } from "../api/http.ts";
import type {
  CheckRowView,
  CheckView,
  ReconciliationView,
} from "../../../server/reconciliation/schema.ts";

export type { CheckRowView, CheckView, ReconciliationView };

export const getReconciliation = () => api<ReconciliationView>("GET", "/reconciliation");

export const runReconciliation = () => api<ReconciliationView>("POST", "/reconciliation/run");

export const acknowledgeCheck = (id: number) =>
  api<CheckView>("POST", `/reconciliation/${id}/acknowledge`);
