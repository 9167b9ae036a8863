// rosetta with five languages. Each area defines its English messages with defineMessages() and
// hands it a loader per other language: only the chosen language's messages are fetched (the build
// puts each language of every area in one chunk), English ships with the code and is the fallback
// for anything missing. defineMessages() returns the area's translators, typed by its English keys,
// so a component names the areas whose words it uses and a misspelt key is a type error. The
// choice is remembered in localStorage.
import rosetta from "rosetta";
import { use } from "react";
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

type Other = Exclude<Lang, "en">;
type Catalogue = Record<string, string>;
/** An area's messages in another language: every English key, no other (`satisfies` checks). */
export type Translation<T> = { readonly [K in keyof T]: string };
type Loaders<T> = Record<Other, () => Promise<{ default: Translation<T> }>>;

const areas: Loaders<Catalogue>[] = [];
/** Per language, the areas whose messages in it are loaded or on their way. */
const requested = new Map<Other, Set<Loaders<Catalogue>>>();
/** A promise React's use() reads at once when it is marked settled, without suspending. */
type Tracked = Promise<void> & { status?: "fulfilled"; value?: void };
const settled = (promise: Tracked) => Object.assign(promise, { status: "fulfilled" as const });
/** The chosen language's loads; useT waits for them (Suspense) while they are on their way. */
let ready: Tracked = settled(Promise.resolve());

/** Fetches `lang` for every area defined so far; resolves once each is in (or failed: English). */
function load(lang: Lang): Promise<void> {
  if (lang === "en") return Promise.resolve();
  const done = requested.get(lang) ?? new Set();
  requested.set(lang, done);
  const loads = areas.filter((area) => !done.has(area)).map((area) => {
    done.add(area);
    return area[lang]().then((m) => i18n.set(lang, m.default), () => done.delete(area));
  });
  if (!loads.length) return lang === locale.lang ? ready : Promise.resolve();
  const all: Tracked = Promise.all([ready, ...loads]).then(() => void settled(all));
  if (lang === locale.lang) ready = all;
  return all;
}

/** Switches once the language's messages are in, so no screen shows half of each. */
export async function setLanguage(lang: Lang) {
  await load(lang);
  locale.lang = lang;
}

/** A translator of one area's keys (or several areas' where a type names their union). */
export type Translator<K extends string> = (key: K, params?: Params) => string;

/** What defineMessages() returns: an area's keys, and only those, worded in and out of React. */
export interface Messages<K extends string> {
  /** A translator that re-renders its component when the language changes. */
  useT(): Translator<K>;
  /** Outside React (stores, toasts): in the chosen language, or `lang`. */
  translate(key: K, params?: Params, lang?: Lang): string;
  /** Narrows a key built from data (an audit detail's name) to the area's, if it is one. */
  has(key: string): key is K;
}

/** The keys of an area's (or combined areas') messages, for a prop that takes one. */
export type KeyOf<M> = M extends Messages<infer K> ? K : never;

/**
 * An area's messages: English here (the spec's wording), the other languages as loaders of
 * modules that each hold every English key (`export default {...} satisfies Translation<typeof
 * en>`). The chosen language's module is fetched at once.
 */
export function defineMessages<T extends Catalogue>(
  en: T,
  others: Loaders<T>,
): Messages<keyof T & string> {
  i18n.set("en", en);
  areas.push(others as Loaders<Catalogue>);
  load(locale.lang);
  return {
    useT: useTranslator,
    translate,
    has: (key): key is keyof T & string => Object.hasOwn(en, key),
  };
}

/** Several areas' messages as one, for a module whose strings come from each of them. */
export function combineMessages<K extends string[]>(
  ...areas: { [I in keyof K]: Messages<K[I]> }
): Messages<K[number]> {
  return {
    useT: useTranslator,
    translate,
    has: (key): key is K[number] => areas.some((area) => area.has(key)),
  };
}

/** Resolves once `lang` is in for every area defined so far (tests wait on it). */
export function languageLoaded(lang: Lang = locale.lang) {
  return load(lang);
}

export type Params = Record<string, string | number>;

function lookup(key: string, params: Params, lang: Lang): string {
  // An array key stops rosetta from reading the dots in "menu.users" as a nested path.
  const path = [key];
  return i18n.t(path, params, lang) || i18n.t(path, params, "en");
}

/** With `count` 1, a message's singular "<key>.one" is used where one is defined ("1 user"). */
function translate(key: string, params?: Params, lang: Lang = locale.lang): string {
  const p = params ?? {};
  return (p.count === 1 && lookup(`${key}.one`, p, lang)) || lookup(key, p, lang) || key;
}

/**
 * Any area's key, unchecked, or the key itself where no area loaded has it: only for a key that
 * arrives as data, which no type can know (a shared schema's issue text, a field named in a server
 * message). Code that names a key uses its area's typed translate.
 */
export const translateDataKey: (key: string, params?: Params, lang?: Lang) => string = translate;

function useTranslator(): Translator<string> {
  const { lang } = useSnapshot(locale);
  // An area whose code just arrived (a lazy page) may not have its messages in yet: wait for them
  // rather than show English for a moment. Called on every render, as use() must be when a
  // suspended render is replayed.
  use(ready as Promise<void>);
  return (key, params) => translate(key, params, lang);
}
