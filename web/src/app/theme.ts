import {
  createTheme,
  type CSSVariablesResolver,
  type MantineThemeOverride,
  mergeThemeOverrides,
} from "@mantine/core";

export const theme = createTheme({
  primaryColor: "blue",
  defaultRadius: "sm",
  breakpoints: { xs: "30em", sm: "48em", md: "64em", lg: "76.25em", xl: "88em" },
});

/**
 * WCAG AA (4.5:1 on white) for coloured text and filled buttons: each colour that carries a meaning
 * (BUY teal, SELL and errors red, SHIFT END orange, up green) keeps its hue at a shade that reaches
 * it. Yellow (CALL) reaches it with no white text: its buttons take dark text (`autoContrast`).
 */
const AA_SHADES: Record<string, [base: string, hover: string]> = {
  blue: ["#1971c2", "#1864ab"],
  teal: ["#087f5b", "#066649"],
  red: ["#c92a2a", "#a51d1d"],
  green: ["#237a35", "#1b5f29"],
  orange: ["#c2410c", "#9a3409"],
  cyan: ["#0b7285", "#095c6b"],
};

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    // Grey text (dimmed, placeholders) on white and on the striped rows' grey.
    "--mantine-color-dimmed": "#616971",
    "--mantine-color-placeholder": "#616971",
    ...Object.fromEntries(
      Object.entries(AA_SHADES).flatMap(([color, [base, hover]]) => [
        [`--mantine-color-${color}-filled`, base],
        [`--mantine-color-${color}-filled-hover`, hover],
        [`--mantine-color-${color}-text`, base],
        // On the colour's own pale background (active menu entry, light buttons and badges).
        [`--mantine-color-${color}-light-color`, hover],
        [`--mantine-color-${color}-outline`, base],
      ]),
    ),
  },
  dark: {},
});

/** The theme with the labels Mantine gives its own controls, in the user's language. */
export const withLabels = (base: MantineThemeOverride, labels: { togglePassword: string }) =>
  mergeThemeOverrides(base, {
    components: {
      PasswordInput: {
        defaultProps: { visibilityToggleButtonProps: { "aria-label": labels.togglePassword } },
      },
    },
  });
