// apexcharts writes its date axis with its own English month and day names; this gives it the
// chosen language's, from Intl, so a chart's axis reads like the rest of the screen.
import type { ApexLocale } from "apexcharts";
import { INTL_LOCALE } from "./format.ts";
import { type Lang, locale } from "./index.ts";

const names = (lang: Lang, options: Intl.DateTimeFormatOptions, dates: Date[]) => {
  const format = new Intl.DateTimeFormat(INTL_LOCALE[lang], { ...options, timeZone: "UTC" });
  return dates.map((d) => format.format(d));
};

const MONTHS = Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2026, m, 1)));
// 2026-01-04 is a Sunday: apexcharts' weeks start on Sunday.
const DAYS = Array.from({ length: 7 }, (_, d) => new Date(Date.UTC(2026, 0, 4 + d)));

const made = new Map<Lang, ApexLocale>();

/** The chart options that name the chosen language's locale (English keeps apexcharts' own). */
export function chartLocale(lang: Lang = locale.lang) {
  if (lang === "en") return {};
  let value = made.get(lang);
  if (!value) {
    value = {
      name: lang,
      options: {
        months: names(lang, { month: "long" }, MONTHS),
        shortMonths: names(lang, { month: "short" }, MONTHS),
        days: names(lang, { weekday: "long" }, DAYS),
        shortDays: names(lang, { weekday: "short" }, DAYS),
      },
    };
    made.set(lang, value);
  }
  return { locales: [value], defaultLocale: lang };
}
