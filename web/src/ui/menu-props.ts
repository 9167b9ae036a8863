// How the app's menus (the avatar's, a row's actions) open: under their trigger's right end, in a
// portal, and above the toasts. Mantine puts toasts at its "overlay" level, above its popovers: a
// toast that passes over an open menu would otherwise take the click meant for an item, and the
// menu closes under it.
import { getDefaultZIndex, type MenuProps } from "@mantine/core";

export const MENU_PROPS = {
  position: "bottom-end",
  withinPortal: true,
  zIndex: getDefaultZIndex("overlay") + 1,
} as const satisfies MenuProps;
