// The date pickers' month and weekday names in the chosen language.
import { DatesProvider } from "@mantine/dates";
import "dayjs/locale/zh-cn.js";
import "dayjs/locale/es.js";
import "dayjs/locale/fr.js";
import "dayjs/locale/it.js";
import type { ReactNode } from "react";
import { useSnapshot } from "valtio";
import { DAYJS_LOCALE } from "./format.ts";
import { locale } from "./index.ts";

export function LocalDates({ children }: { children: ReactNode }) {
  const { lang } = useSnapshot(locale);
  return <DatesProvider settings={{ locale: DAYJS_LOCALE[lang] }}>{children}</DatesProvider>;
}
