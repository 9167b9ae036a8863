import "./app/mantine-styles.ts";
import { MantineProvider } from "@mantine/core";
import { startTransition, StrictMode, useMemo } from "react";
import { createRoot } from "react-dom/client";
import { AppRoutes } from "./app/routes.tsx";
import { cssVariablesResolver, theme, withLabels } from "./app/theme.ts";
import { startPwa } from "./pwa/register.ts";
import { commonMessages } from "./i18n/common-messages.ts";

// The server's CSP allows no eval: zod would probe for it (a violation report each load) before
// falling back to what jitless does anyway. Zod reads its settings from this global, which it keeps
// when it finds it set (zod/v4/core/core.js), so the first load need not carry zod to set it.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };
startPwa();

/** The theme follows the language for the labels Mantine words itself. */
function Root() {
  const t = commonMessages.useT();
  const toggle = t("common.togglePassword");
  const themed = useMemo(() => withLabels(theme, { togglePassword: toggle }), [toggle]);
  return (
    <MantineProvider theme={themed} cssVariablesResolver={cssVariablesResolver}>
      <AppRoutes />
    </MantineProvider>
  );
}

// A transition lets React render the first screen in slices of a few milliseconds, yielding to
// the browser between them, instead of in one long task; the splash stays until it commits.
const root = createRoot(document.getElementById("root")!);
startTransition(() =>
  root.render(
    <StrictMode>
      <Root />
    </StrictMode>,
  )
);
