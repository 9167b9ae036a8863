// Two of @mantine/hooks' hooks give way to ours (web/src/ui/mantine-hooks/): both set a state in an
// effect right after mount, so every Mantine component using them rendered twice on a page load.
// Mantine's index imports each hook from its own file; only those imports are redirected.
import type { Plugin } from "vite";

const OURS: Record<string, string> = {
  "./use-id/use-id.mjs": "use-id.ts",
  "./use-reduced-motion/use-reduced-motion.mjs": "use-reduced-motion.ts",
};

export function mantineHooks(): Plugin {
  const dir = new URL("./src/ui/mantine-hooks/", import.meta.url).pathname;
  return {
    name: "gatebot-mantine-hooks",
    enforce: "pre",
    resolveId(source, importer) {
      const ours = OURS[source];
      if (!ours || !importer || !/[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/.test(importer)) {
        return null;
      }
      return dir + ours;
    },
  };
}
