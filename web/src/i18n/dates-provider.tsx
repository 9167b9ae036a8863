// The date pickers' month and weekday names in the chosen language. dayjs and its locale load with
// the first language other than English (English is dayjs' own): a first load in English, which
// shows no picker, carries neither.
import { DatesProvider } from "@mantine/dates";
import { type ReactNode, useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { DAYJS_LOCALE } from "./format.ts";
import { type Lang, locale } from "./index.ts";

const LOCALES: Record<Exclude<Lang, "en">, () => Promise<unknown>> = {
  zh: () => import("dayjs/locale/zh-cn.js"),
  es: () => import("dayjs/locale/es.js"),
  fr: () => import("dayjs/locale/fr.js"),
  it: () => import("dayjs/locale/it.js"),
};

export function LocalDates({ children }: { children: ReactNode }) {
  const { lang } = useSnapshot(locale);
  // The pickers name a locale only once dayjs has it; until then they keep the last one.
  const [loaded, setLoaded] = useState<Lang>("en");
  useEffect(() => {
    if (lang === "en") {
      setLoaded("en");
      return;
    }
    let current = true;
    LOCALES[lang]().then(() => current && setLoaded(lang), () => {});
    return () => {
      current = false;
    };
  }, [lang]);
  return <DatesProvider settings={{ locale: DAYJS_LOCALE[loaded] }}>{children}</DatesProvider>;
}
