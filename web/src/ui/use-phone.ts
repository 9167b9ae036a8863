// A phone's width: below Mantine's `sm` breakpoint (48em), where the sidebar folds away and wide
// lists become cards. Read at the first render, so a list is never drawn twice.
import { useMediaQuery } from "@mantine/hooks";

export const usePhone = () =>
  useMediaQuery("(max-width: 47.99em)", undefined, { getInitialValueInEffect: false });
