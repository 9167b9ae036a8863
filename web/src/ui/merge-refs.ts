// Mantine's ScrollArea (inside every Table) takes one hook, useMergeRefs, from @floating-ui/react,
// whose module brings all of floating-ui (~15 KB compressed) into any page with a table. The build
// resolves that one import here (web/vite.config.ts): Mantine's own hook does the same.
import { useMergedRef } from "@mantine/hooks";
import type { Ref } from "react";

export function useMergeRefs<T>(refs: (Ref<T> | undefined)[]) {
  return useMergedRef(...refs);
}
