// A menu the person just opened sits above the toasts (Mantine puts toasts at its "overlay" level,
// above its popovers): a toast that passes over a row's menu or the avatar menu would otherwise
// take the click meant for an item, and the menu closes under it.
import { getDefaultZIndex } from "@mantine/core";

export const MENU_Z_INDEX = getDefaultZIndex("overlay") + 1;
