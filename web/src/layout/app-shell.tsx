import { AppShell, Text } from "@mantine/core";
import { type ReactNode, useCallback, useEffect } from "react";
import { useSnapshot } from "valtio";
import { useT } from "../i18n/index.ts";
import { OfflineBanner } from "../pwa/offline-banner.tsx";
import { HaltBanner } from "../trading-halts/halt-banner.tsx";
import { Sidebar } from "./sidebar.tsx";
import { Toasts } from "./toasts.tsx";
import { Topbar } from "./topbar.tsx";
import { layout, watchWindow } from "./view.ts";

export const TOPBAR_HEIGHT = 70;
export const SIDEBAR_WIDTH = 240;

export function Shell({ children }: { children: ReactNode }) {
  const { collapsed, compactTopbar: compact } = useSnapshot(layout);
  const t = useT();
  // A compact topbar wraps its controls into more rows: the header is as tall as they are.
  const topbar = useTopbarHeight();
  useEffect(watchWindow, []);
  return (
    <AppShell
      header={{ height: compact ? `calc(var(${HEIGHT_VAR}, ${TOPBAR_HEIGHT}px))` : TOPBAR_HEIGHT }}
      navbar={{
        width: SIDEBAR_WIDTH,
        breakpoint: "sm",
        collapsed: { mobile: collapsed, desktop: collapsed },
      }}
      padding="md"
    >
      <Toasts />
      <AppShell.Header>
        <div ref={topbar.ref} style={{ height: compact ? undefined : "100%" }}>
          <Topbar />
        </div>
      </AppShell.Header>
      <AppShell.Navbar p="xs" data-collapsed={collapsed}>
        <Sidebar />
      </AppShell.Navbar>
      <AppShell.Main>
        <OfflineBanner />
        <HaltBanner />
        {children}
        <Text component="footer" size="xs" c="dimmed" ta="center" mt="xl" data-testid="footer">
          {t("layout.footer")}
        </Text>
      </AppShell.Main>
    </AppShell>
  );
}

const HEIGHT_VAR = "--gb-topbar-height";

/**
 * Measures the topbar into a CSS variable the layout reads. Not a React state: the topbar's height
 * moves while the page loads (prices, pairs, buttons arrive), and a state would re-render the whole
 * shell each time.
 */
function useTopbarHeight() {
  const ref = useCallback((el: HTMLDivElement | null) => {
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      const height = Math.max(TOPBAR_HEIGHT, Math.ceil(entry.contentRect.height));
      document.documentElement.style.setProperty(HEIGHT_VAR, `${height}px`);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref };
}
