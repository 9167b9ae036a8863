// How the app's menus (the avatar's, a row's actions) open: under their trigger's right end, in a
// portal, and above the toasts and a call's notice (ui/layers.ts): what passes over an open menu
// would otherwise take the click meant for an item, and the menu closes under it.
import type { MenuProps } from "@mantine/core";
import { MENU_Z } from "./layers.ts";

export const MENU_PROPS = {
  position: "bottom-end",
  withinPortal: true,
  zIndex: MENU_Z,
} as const satisfies MenuProps;
