// Stands in for @mantine/hooks' useId (web/mantine-hooks-plugin.ts). Mantine's swaps React's id for
// a random one in a layout effect after mount, for server-rendered pages; this client renders in the
// browser only, where React's id is already unique and stable. Mantine's way re-rendered every
// component using an id (inputs, popovers, the app shell: half the shell) once more right after it
// mounted, in the same long task.
import { useId as useReactId } from "react";

export function useId(staticId?: string) {
  // Called whatever staticId is: hooks run in the same order on every render.
  const id = `mantine-${useReactId().replace(/[^\w-]/g, "")}`;
  return typeof staticId === "string" ? staticId : id;
}
