import "./app-shell.css";
import { Text } from "@mantine/core";
import { type CSSProperties, type ReactNode, useCallback, useEffect } from "react";
import { useSnapshot } from "valtio";
import { OfflineBanner } from "../pwa/offline-banner.tsx";
import { HaltBanner } from "../trading-halts/halt-banner.tsx";
import { DriftBanner } from "../reconciliation/drift-banner.tsx";
import { Sidebar } from "./sidebar.tsx";
import { Toasts } from "./toasts.tsx";
import { Topbar } from "./topbar.tsx";
import { layout, watchWindow } from "./view.ts";
import { menuMessages } from "../i18n/menu-messages.ts";

export const TOPBAR_HEIGHT = 70;
export const SIDEBAR_WIDTH = 240;

export function Shell({ children }: { children: ReactNode }) {
  const { collapsed, compactTopbar: compact } = useSnapshot(layout);
  const t = menuMessages.useT();
  // A compact topbar wraps its controls into more rows: the header is as tall as they are.
  const topbar = useTopbarHeight();
  useEffect(watchWindow, []);
  const sizes = {
    "--gb-header-height": compact ? `var(${HEIGHT_VAR}, ${TOPBAR_HEIGHT}px)` : `${TOPBAR_HEIGHT}px`,
    "--gb-sidebar-width": `${SIDEBAR_WIDTH}px`,
  } as CSSProperties;
  return (
    <div className="gb-shell" style={sizes} data-collapsed={collapsed || undefined}>
      <Toasts />
      <header className={`gb-header ${SCROLL_LOCK_OFFSET}`}>
        <div ref={topbar.ref} style={{ height: compact ? undefined : "100%" }}>
          <Topbar />
        </div>
      </header>
      <div className="gb-navbar">
        <Sidebar />
      </div>
      <main className="gb-main">
        <OfflineBanner />
        <HaltBanner />
        <DriftBanner />
        {children}
        <Text component="footer" size="xs" c="dimmed" ta="center" mt="xl" data-testid="footer">
          {t("layout.footer")}
        </Text>
      </main>
    </div>
  );
}

/** react-remove-scroll-bar's class: while a modal locks the page's scroll, the fixed topbar keeps
 * clear of where the scrollbar was, as Mantine's AppShell header does. */
const SCROLL_LOCK_OFFSET = "right-scroll-bar-position";

const HEIGHT_VAR = "--gb-topbar-height";

/**
 * Measures the topbar into a CSS variable the layout reads. Not a React state: the topbar's height
 * moves while the page loads (prices, pairs, buttons arrive), and a state would re-render the whole
 * shell each time.
 */
function useTopbarHeight() {
  const ref = useCallback((el: HTMLDivElement | null) => {
    if (!el) return;
    const set = (height: number) =>
      document.documentElement.style.setProperty(
        HEIGHT_VAR,
        `${Math.max(TOPBAR_HEIGHT, Math.ceil(height))}px`,
      );
    set(el.getBoundingClientRect().height);
    const observer = new ResizeObserver(([entry]) => set(entry.contentRect.height));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref };
}
