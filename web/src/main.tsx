import "@mantine/core/styles.css";
import { MantineProvider } from "@mantine/core";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppRoutes } from "./app/routes.tsx";
import { cssVariablesResolver, theme } from "./app/theme.ts";
import "./app/common-messages.ts";
import { config as zodConfig } from "zod";
import { startPwa } from "./pwa/register.ts";

// The server's CSP allows no eval: zod would probe for it (a violation report each load) before
// falling back to what jitless does anyway.
zodConfig({ jitless: true });
startPwa();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <AppRoutes />
    </MantineProvider>
  </StrictMode>,
);
