// A call's notification, in the language the device subscribed with. The title is the spec's
// "{from} CALLING" notice; the body names the target and the seconds left.
import type { PUSH_LANGS } from "./schema.ts";

type Lang = (typeof PUSH_LANGS)[number];

const TEXT: Record<Lang, { title: string; body: string; ring: string }> = {
  en: { title: "{from} CALLING", body: "{target} · {seconds} s left", ring: "RING ONLY" },
  zh: { title: "{from} 正在呼叫", body: "{target} · 剩余 {seconds} 秒", ring: "仅响铃" },
  es: { title: "{from} LLAMANDO", body: "{target} · quedan {seconds} s", ring: "SOLO TIMBRE" },
  fr: { title: "{from} APPELLE", body: "{target} · {seconds} s restantes", ring: "SONNERIE SEULE" },
  it: {
    title: "{from} STA CHIAMANDO",
    body: "{target} · {seconds} s rimasti",
    ring: "SOLO SUONERIA",
  },
};

export function callNotice(lang: string, from: string, target: string, seconds: number) {
  const text = TEXT[lang as Lang] ?? TEXT.en;
  // Targets are codes (BUY_ONLY, btc_usdt): shown as the call selector shows them.
  const shown = target === "RING_ONLY" ? text.ring : target.replace(/_/g, " ").toUpperCase();
  return {
    title: text.title.replace("{from}", from),
    body: text.body.replace("{target}", shown).replace("{seconds}", String(seconds)),
  };
}
