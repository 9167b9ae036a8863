// rosetta with five languages. Each area defines its own messages with defineMessages(); English
// is the fallback for anything missing. The choice is remembered in localStorage.
import rosetta from "rosetta";
import { proxy, subscribe, useSnapshot } from "valtio";

export const LANGUAGES = [
  { value: "en", label: "English" },
  { value: "zh", label: "中文" },
  { value: "es", label: "Español" },
  { value: "fr", label: "Français" },
  { value: "it", label: "Italiano" },
] as const;

export type Lang = (typeof LANGUAGES)[number]["value"];
const STORAGE_KEY = "gatebot.lang";

const i18n = rosetta<Record<string, string>>();

const saved = localStorage.getItem(STORAGE_KEY);
export const locale = proxy<{ lang: Lang }>({
  lang: LANGUAGES.some((l) => l.value === saved) ? saved as Lang : "en",
});
subscribe(locale, () => {
  localStorage.setItem(STORAGE_KEY, locale.lang);
  document.documentElement.lang = locale.lang;
});

export function setLanguage(lang: Lang) {
  locale.lang = lang;
}

/** Every language must have every English key: the type says so. */
export function defineMessages<T extends Record<string, string>>(
  messages: { en: T } & Record<Exclude<Lang, "en">, Record<keyof T, string>>,
) {
  for (const { value } of LANGUAGES) i18n.set(value, messages[value]);
}

export type Params = Record<string, string | number>;

function lookup(key: string, params: Params, lang: Lang): string {
  // An array key stops rosetta from reading the dots in "menu.users" as a nested path.
  const path = [key];
  return i18n.t(path, params, lang) || i18n.t(path, params, "en");
}

/** With `count` 1, a message's singular "<key>.one" is used where one is defined ("1 user"). */
export function translate(key: string, params?: Params, lang: Lang = locale.lang): string {
  const p = params ?? {};
  return (p.count === 1 && lookup(`${key}.one`, p, lang)) || lookup(key, p, lang) || key;
}

/** A translator that re-renders the component when the language changes. */
export function useT() {
  const { lang } = useSnapshot(locale);
  return (key: string, params?: Params) => translate(key, params, lang);
}
