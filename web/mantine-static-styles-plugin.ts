// Mantine's provider works out the theme's CSS variables and its responsive helper classes on every
// page load: a module of @mantine/core computes the default theme's variables when it is first
// evaluated, and the provider computes ours again, merges and prints them into a <style> on its
// first render, about 40 ms of a phone's main thread before anything shows. Both depend on the theme
// only, so the build renders the provider once and ships what it printed as CSS in the first
// stylesheet; the two components that printed it give way to empty ones.
import type { Plugin } from "vite";

const CSS_ID = "virtual:mantine-theme.css";
const RESOLVED_CSS = `\0${CSS_ID}`;
/** The provider's imports that render its <style> elements, and the components' export names. */
const PRINTERS: Record<string, string> = {
  "./MantineCssVariables/MantineCssVariables.mjs": "MantineCssVariables",
  "./MantineClasses/MantineClasses.mjs": "MantineClasses",
};
const EMPTY = "\0gatebot-mantine-empty:";

/** What MantineProvider prints into <style> for our theme, as one stylesheet. */
export async function mantineThemeCss(): Promise<string> {
  const [{ createElement }, { renderToStaticMarkup }, { MantineProvider }, theme] = await Promise
    .all([
      import("react"),
      import("react-dom/server"),
      import("@mantine/core"),
      import("./src/app/theme.ts"),
    ]);
  const html = renderToStaticMarkup(
    createElement(MantineProvider, {
      theme: theme.theme,
      cssVariablesResolver: theme.cssVariablesResolver,
    }),
  );
  return [...html.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map((m) => m[1]).join("\n");
}

export function mantineStaticStyles(): Plugin {
  return {
    name: "gatebot-mantine-static-styles",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === CSS_ID) return RESOLVED_CSS;
      const printer = PRINTERS[source];
      const fromProvider = importer &&
        /[\\/]MantineProvider[\\/]MantineProvider\.mjs$/.test(importer);
      return printer && fromProvider ? EMPTY + printer : null;
    },
    async load(id) {
      if (id === RESOLVED_CSS) return await mantineThemeCss();
      if (id.startsWith(EMPTY)) return `export const ${id.slice(EMPTY.length)} = () => null;`;
      return null;
    },
  };
}
