import { createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "blue",
  defaultRadius: "sm",
  breakpoints: { xs: "30em", sm: "48em", md: "64em", lg: "76.25em", xl: "88em" },
});
