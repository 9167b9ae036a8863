// Everything behind sign-in: the shell and the pages of spec section 2. Areas add their routes here.
import { Center, Loader } from "@mantine/core";
import { lazy, Suspense, useEffect } from "react";
import { Route, Switch } from "wouter";
import { api } from "../api/http.ts";
import { ErrorBoundary } from "../errors/error-boundary.tsx";
import { ErrorPage } from "../errors/error-page.tsx";
import { Shell } from "../layout/app-shell.tsx";
import { type PublicUser, updateUser } from "../session/store.ts";
import "./messages.ts";

const DashboardPage = lazy(() => import("../dashboard/dashboard-page.tsx"));
const YahooFinancePage = lazy(() => import("../yahoo-finance/yahoo-page.tsx"));
const ManageUsersPage = lazy(() => import("../users/manage-users-page.tsx"));
const BotKeysPage = lazy(() => import("../bot-keys/bot-keys-page.tsx"));
const ShiftPage = lazy(() => import("../shifts/shift-page.tsx"));
const ProfitPage = lazy(() => import("../profits/profit-page.tsx"));
const NotFoundPage = () => <ErrorPage code={404} />;

export default function SignedInArea() {
  useEffect(() => {
    // A stored login may be stale or revoked: refresh it (a 401 signs out).
    api<PublicUser>("GET", "/users/my-profile").then(updateUser, () => {});
  }, []);
  return (
    <Shell>
      <ErrorBoundary>
        <Suspense
          fallback={
            <Center mih="40vh">
              <Loader />
            </Center>
          }
        >
          <Switch>
            <Route path="/dashboard" component={DashboardPage} />
            <Route path="/yahoo-finance" component={YahooFinancePage} />
            <Route path="/manage-users" component={ManageUsersPage} />
            <Route path="/bot-keys/:exchange" component={BotKeysPage} />
            <Route path="/shift" component={ShiftPage} />
            <Route path="/profit" component={ProfitPage} />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </ErrorBoundary>
    </Shell>
  );
}
