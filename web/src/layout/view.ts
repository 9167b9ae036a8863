// Responsive flags (docs/screens.md#responsive-layout), kept in one store from the window width.
import { proxy } from "valtio";

export const BREAKPOINTS = {
  mobile: 768,
  mobileHorizontal: 500,
  tab: 767,
  desktop: 1220,
  /** Below this the topbar's controls (trading, calls, shift end) wrap into rows of their own. */
  topbarOneRow: 1440,
};

export type View = "desktop" | "tab" | "mobile";

export const layout = proxy({
  view: "desktop" as View,
  mobile: false,
  mobileHorizontal: false,
  /** The menu is collapsed whenever the view is not desktop; on desktop the user toggles it. */
  collapsed: false,
  compactTopbar: false,
});

export function viewFor(width: number): View {
  if (width > BREAKPOINTS.desktop) return "desktop";
  if (width > BREAKPOINTS.tab) return "tab";
  return "mobile";
}

export function applyWidth(width: number) {
  const view = viewFor(width);
  layout.mobile = width < BREAKPOINTS.mobile;
  layout.mobileHorizontal = layout.mobile && width > BREAKPOINTS.mobileHorizontal;
  layout.compactTopbar = width < BREAKPOINTS.topbarOneRow;
  if (view !== layout.view) layout.collapsed = view !== "desktop";
  layout.view = view;
}

// The first render already has the window's layout: a switch after it would mount the topbar's
// controls twice, and each would fetch its data twice.
if (typeof globalThis.innerWidth === "number") applyWidth(globalThis.innerWidth);

export function toggleCollapsed() {
  layout.collapsed = !layout.collapsed;
}

export function watchWindow() {
  const update = () => applyWidth(globalThis.innerWidth);
  update();
  globalThis.addEventListener("resize", update);
  return () => globalThis.removeEventListener("resize", update);
}
