// The routes (docs/screens.md#routes). /login and the signed-in area are separate chunks, so the
// login page loads without the rest of the app.
import { lazy, Suspense } from "react";
import { useSnapshot } from "valtio";
import { Redirect, Route, Switch, useLocation, useSearch } from "wouter";
import { loginHref, originFrom } from "../auth/origin.ts";
import { session } from "../session/store.ts";
import { BootSplash } from "./boot-splash.tsx";

const LoginPage = lazy(() => import("../auth/login-page.tsx"));
const SignedInArea = lazy(() => import("./signed-in-area.tsx"));

function RequireLogin() {
  const { token } = useSnapshot(session);
  const [location] = useLocation();
  const search = useSearch();
  if (!token) return <Redirect to={loginHref(location + (search ? `?${search}` : ""))} replace />;
  return <SignedInArea />;
}

/** A signed-in user opening /login goes where sign-in would have taken them. */
function LoginRoute() {
  const { token } = useSnapshot(session);
  const search = useSearch();
  return token ? <Redirect to={originFrom(search)} replace /> : <LoginPage />;
}

export function AppRoutes() {
  const { token } = useSnapshot(session);
  return (
    <Suspense fallback={<BootSplash />}>
      <Switch>
        <Route path="/">
          <Redirect to={token ? "/dashboard" : "/login"} replace />
        </Route>
        <Route path="/login" component={LoginRoute} />
        <Route component={RequireLogin} />
      </Switch>
    </Suspense>
  );
}
