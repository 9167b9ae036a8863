// Numbers and dates in the chosen language. English keeps the formats of docs/i18n.md#formats
// (comma thousands, MM/DD/YYYY HH:mm:ss); the other languages take their own (Intl).
import { type Lang, locale } from "./index.ts";

export const INTL_LOCALE: Record<Lang, string> = {
  en: "en-US",
  zh: "zh-CN",
  es: "es-ES",
  fr: "fr-FR",
  it: "it-IT",
};

/** dayjs' names of our languages (the date pickers' month and weekday names). */
export const DAYJS_LOCALE: Record<Lang, string> = {
  en: "en",
  zh: "zh-cn",
  es: "es",
  fr: "fr",
  it: "it",
};

const numberFormats = new Map<string, Intl.NumberFormat>();

/** An Intl.NumberFormat for the chosen language, made once per language and options. */
export function numberFormat(options: Intl.NumberFormatOptions, lang: Lang = locale.lang) {
  const key = `${lang} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[lang], options);
    numberFormats.set(key, format);
  }
  return format;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date (and time) in the chosen language, or undefined for English, whose spec format the caller
 * writes itself.
 */
export function localDate(
  at: Date,
  options: Intl.DateTimeFormatOptions,
  lang: Lang = locale.lang,
): string | undefined {
  if (lang === "en") return undefined;
  const key = `${lang} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[lang], options);
    dateFormats.set(key, format);
  }
  return format.format(at);
}

export const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hour12: false,
};
