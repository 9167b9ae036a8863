// The latest check of every account, for Admins: read when the banner mounts, again whenever the
// socket says a drift appeared, cleared or was acknowledged (on any instance), and after Run now.
import { proxy } from "valtio";
import { can } from "../../../server/auth/roles.shared.ts";
import { onSignOut, session } from "../session/store.ts";
import { getReconciliation, type ReconciliationView } from "./api.ts";

export const reconciliation = proxy<{ view: ReconciliationView | null }>({ view: null });

let latest = 0;

export const mayReconcile = () => !!session.user && can(session.user.role, "reconciliation.manage");

export async function loadReconciliation() {
  if (!mayReconcile()) return;
  // Two reloads racing: only the later answer counts.
  const mine = ++latest;
  const view = await getReconciliation().catch(() => null);
  if (view && mine === latest) reconciliation.view = view;
}

/** An answer that already holds the whole view (Run now). */
export function showReconciliation(view: ReconciliationView) {
  latest++;
  reconciliation.view = view;
}

onSignOut(() => {
  latest++;
  reconciliation.view = null;
});
