import "@mantine/core/styles.css";
import { MantineProvider } from "@mantine/core";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppRoutes } from "./app/routes.tsx";
import { cssVariablesResolver, theme } from "./app/theme.ts";
import "./app/common-messages.ts";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <AppRoutes />
    </MantineProvider>
  </StrictMode>,
);
