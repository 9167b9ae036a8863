import "@mantine/core/styles.css";
import { MantineProvider } from "@mantine/core";
import { StrictMode, useMemo } from "react";
import { createRoot } from "react-dom/client";
import { AppRoutes } from "./app/routes.tsx";
import { cssVariablesResolver, theme, withLabels } from "./app/theme.ts";
import { useT } from "./i18n/index.ts";
import "./app/common-messages.ts";
import { config as zodConfig } from "zod";
import { startPwa } from "./pwa/register.ts";

// The server's CSP allows no eval: zod would probe for it (a violation report each load) before
// falling back to what jitless does anyway.
zodConfig({ jitless: true });
startPwa();

/** The theme follows the language for the labels Mantine words itself. */
function Root() {
  const t = useT();
  const toggle = t("common.togglePassword");
  const themed = useMemo(() => withLabels(theme, { togglePassword: toggle }), [toggle]);
  return (
    <MantineProvider theme={themed} cssVariablesResolver={cssVariablesResolver}>
      <AppRoutes />
    </MantineProvider>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
