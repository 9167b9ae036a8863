// Everything behind sign-in: the shell and the pages of docs/screens.md#routes. Areas add their
// routes here.
import { Center, Loader } from "@mantine/core";
import { type ComponentType, lazy, Suspense, useEffect } from "react";
import { useSnapshot } from "valtio";
import { can, type Permission } from "../../../server/auth/roles.shared.ts";
import { Route, Switch } from "wouter";
import { ErrorBoundary } from "../errors/error-boundary.tsx";
import { ErrorPage } from "../errors/error-page.tsx";
import { Shell } from "../layout/app-shell.tsx";
import { LocalDates } from "../i18n/dates-provider.tsx";
import { fetchProfile } from "../auth/api.ts";
import { session, updateUser } from "../session/store.ts";

/** A page a role may not open shows the 404 page, as if it were not there. */
// deno-lint-ignore no-explicit-any
function only<P extends Record<string, any>>(permission: Permission, Page: ComponentType<P>) {
  return function Guarded(props: P) {
    const { user } = useSnapshot(session);
    return user && can(user.role, permission) ? <Page {...props} /> : <NotFoundPage />;
  };
}

const DashboardPage = lazy(() => import("../dashboard/dashboard-page.tsx"));
const YahooFinancePage = lazy(() => import("../yahoo-finance/yahoo-page.tsx"));
const ManageUsersPage = lazy(() => import("../users/manage-users-page.tsx"));
const BotKeysPage = lazy(() => import("../bot-keys/bot-keys-page.tsx"));
const ShiftPage = lazy(() => import("../shifts/shift-page.tsx"));
const ProfitPage = lazy(() => import("../profits/profit-page.tsx"));
const AuditPage = lazy(() => import("../audit/audit-page.tsx"));
const TradingControlsPage = lazy(() => import("../trading-halts/trading-controls-page.tsx"));
const ReconciliationPage = lazy(() => import("../reconciliation/reconciliation-page.tsx"));
const CallsPage = lazy(() => import("../call-history/calls-page.tsx"));
const CallPage = lazy(() => import("../call-history/call-page.tsx"));
const NotFoundPage = () => <ErrorPage code={404} />;
const ManageUsers = only("users.search", ManageUsersPage);
const BotKeys = only("botKeys.manage", BotKeysPage);
const Shift = only("shifts.manage", ShiftPage);
const Profit = only("profits.view", ProfitPage);
const Audit = only("audit.read", AuditPage);
const TradingControls = only("trading.halt", TradingControlsPage);
const Reconciliation = only("reconciliation.manage", ReconciliationPage);
const Calls = only("calls.board", CallsPage);
const Call = only("calls.board", CallPage);

// A screen tall: the shell's footer stays below it, not jumping down when the page comes.
const PAGE_LOADING = (
  <Center mih="100dvh">
    <Loader />
  </Center>
);

export default function SignedInArea() {
  useEffect(() => {
    // A stored login may be stale or revoked: refresh it (a 401 signs out).
    fetchProfile().then(updateUser, () => {});
  }, []);
  return (
    <LocalDates>
      <Shell>
        <ErrorBoundary>
          <Suspense fallback={PAGE_LOADING}>
            <Switch>
              <Route path="/dashboard" component={DashboardPage} />
              <Route path="/yahoo-finance" component={YahooFinancePage} />
              <Route path="/btc-stats" component={YahooFinancePage} />
              <Route path="/manage-users" component={ManageUsers} />
              <Route path="/bot-keys/:exchange" component={BotKeys} />
              <Route path="/shift" component={Shift} />
              <Route path="/profit" component={Profit} />
              <Route path="/audit" component={Audit} />
              <Route path="/trading-controls" component={TradingControls} />
              <Route path="/reconciliation" component={Reconciliation} />
              <Route path="/calls" component={Calls} />
              <Route path="/calls/:id" component={Call} />
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
        </ErrorBoundary>
      </Shell>
    </LocalDates>
  );
}
