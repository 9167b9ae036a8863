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

type NumberFormat = Pick<Intl.NumberFormat, "format">;
const numberFormats = new Map<string, NumberFormat>();

/**
 * A number format for the chosen language, made once per language and options. English with a
 * fixed number of decimals (every amount and price the spec shows) is written here, digit for
 * digit as Intl writes it: the first Intl.NumberFormat of a page loads ICU's number data, ~75 ms
 * of main thread (300 on a phone) in the middle of the dashboard's first paint.
 */
export function numberFormat(options: Intl.NumberFormatOptions, lang: Lang = locale.lang) {
  const key = `${lang} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = englishFixed(options, lang) ?? new Intl.NumberFormat(INTL_LOCALE[lang], options);
    numberFormats.set(key, format);
  }
  return format;
}

/** en-US with `places` decimals (and a "$" for USD), or null for what only Intl writes. */
function englishFixed(options: Intl.NumberFormatOptions, lang: Lang): NumberFormat | null {
  const { minimumFractionDigits: min, maximumFractionDigits: max, style, currency, ...rest } =
    options;
  const places = max ?? min;
  const dollars = style === "currency" && currency === "USD";
  if (lang !== "en" || Object.keys(rest).length || places === undefined) return null;
  if ((min ?? 0) !== places && !(min === undefined && places === 0)) return null;
  if (style !== undefined && !dollars) return null;
  const intl = () => new Intl.NumberFormat(INTL_LOCALE.en, options);
  return {
    format(n: number | bigint | Intl.StringNumericLiteral) {
      if (typeof n !== "number" || !Number.isFinite(n)) return intl().format(n);
      const [int, fraction] = rounded(decimalDigits(Math.abs(n)), places);
      const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
      return `${n < 0 || Object.is(n, -0) ? "-" : ""}${dollars ? "$" : ""}${grouped}${
        fraction ? `.${fraction}` : ""
      }`;
    },
  };
}

/**
 * The shortest decimal that reads back as `n` (what Intl rounds too), as integer and fraction
 * digits.
 */
function decimalDigits(n: number): [string, string] {
  const [mantissa, exponent = "0"] = String(n).split("e");
  const [int, fraction = ""] = mantissa.split(".");
  const digits = int + fraction;
  const point = int.length + Number(exponent);
  if (point <= 0) return ["0", "0".repeat(-point) + digits];
  if (point >= digits.length) return [digits + "0".repeat(point - digits.length), ""];
  return [digits.slice(0, point), digits.slice(point)];
}

/** Rounded half away from zero to `places` decimals, as Intl's default (halfExpand). */
function rounded([int, fraction]: [string, string], places: number): [string, string] {
  if (fraction.length <= places) return [int, fraction.padEnd(places, "0")];
  let kept = int + fraction.slice(0, places);
  if (fraction[places] >= "5") kept = (BigInt(kept) + 1n).toString().padStart(kept.length, "0");
  const point = kept.length - places;
  return [kept.slice(0, point).replace(/^0+(?=\d)/, ""), kept.slice(point)];
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
