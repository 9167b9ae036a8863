import "@mantine/notifications/styles.css";
import { AppShell, Text } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { type ReactNode, useEffect } from "react";
import { useSnapshot } from "valtio";
import { useT } from "../i18n/index.ts";
import { Sidebar } from "./sidebar.tsx";
import { Topbar } from "./topbar.tsx";
import { layout, watchWindow } from "./view.ts";

export const TOPBAR_HEIGHT = 70;
/** On mobile the topbar's trading controls take a second row. */
export const MOBILE_TOPBAR_HEIGHT = 100;
export const SIDEBAR_WIDTH = 240;

export function Shell({ children }: { children: ReactNode }) {
  const { collapsed, mobile } = useSnapshot(layout);
  const t = useT();
  useEffect(watchWindow, []);
  return (
    <AppShell
      header={{ height: mobile ? MOBILE_TOPBAR_HEIGHT : TOPBAR_HEIGHT }}
      navbar={{
        width: SIDEBAR_WIDTH,
        breakpoint: "sm",
        collapsed: { mobile: collapsed, desktop: collapsed },
      }}
      padding="md"
    >
      <Notifications position="bottom-right" />
      <AppShell.Header>
        <Topbar />
      </AppShell.Header>
      <AppShell.Navbar p="xs" data-collapsed={collapsed}>
        <Sidebar />
      </AppShell.Navbar>
      <AppShell.Main>
        {children}
        <Text component="footer" size="xs" c="dimmed" ta="center" mt="xl" data-testid="footer">
          {t("layout.footer")}
        </Text>
      </AppShell.Main>
    </AppShell>
  );
}
