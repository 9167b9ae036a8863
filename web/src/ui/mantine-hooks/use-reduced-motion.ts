// Stands in for @mantine/hooks' useReducedMotion (web/mantine-hooks-plugin.ts). Mantine's starts
// undefined and reads the media query in an effect, so every transition (menus, popovers, buttons)
// rendered a second time after mounting; this reads it before the first render.
import { useMediaQuery } from "@mantine/hooks";

export function useReducedMotion(initialValue?: boolean) {
  return useMediaQuery("(prefers-reduced-motion: reduce)", initialValue, {
    getInitialValueInEffect: false,
  });
}
