// A refused order, worded in the caller's language: the client sends its chosen language as
// Accept-Language, and the error handler asks the error for its message in it.
import { AppError } from "../core/errors.ts";

const LANGS = ["en", "zh", "es", "fr", "it"] as const;
type Lang = (typeof LANGS)[number];

const TEXT = {
  all: {
    en: "Trading is halted: {reason}",
    zh: "交易已暂停：{reason}",
    es: "El trading está detenido: {reason}",
    fr: "Le trading est suspendu : {reason}",
    it: "Il trading è sospeso: {reason}",
  },
  exchange: {
    en: "Trading on {exchange} is halted: {reason}",
    zh: "{exchange} 上的交易已暂停：{reason}",
    es: "El trading en {exchange} está detenido: {reason}",
    fr: "Le trading sur {exchange} est suspendu : {reason}",
    it: "Il trading su {exchange} è sospeso: {reason}",
  },
  user: {
    en: "Your trading is halted: {reason}",
    zh: "您的交易已暂停：{reason}",
    es: "Tu trading está detenido: {reason}",
    fr: "Votre trading est suspendu : {reason}",
    it: "Il tuo trading è sospeso: {reason}",
  },
  perOrder: {
    en: "Limit per order on {exchange} exceeded: {amount} is above your maximum of {max}",
    zh: "超出 {exchange} 单笔订单限额：{amount} 高于您的上限 {max}",
    es: "Límite por orden en {exchange} superado: {amount} supera tu máximo de {max}",
    fr: "Limite par ordre sur {exchange} dépassée : {amount} dépasse votre maximum de {max}",
    it: "Limite per ordine su {exchange} superato: {amount} supera il tuo massimo di {max}",
  },
  perDay: {
    en:
      "Limit per day on {exchange} exceeded: {amount} would bring today's total to {total}, above your maximum of {max}",
    zh: "超出 {exchange} 每日限额：{amount} 将使今日总额达到 {total}，高于您的上限 {max}",
    es:
      "Límite diario en {exchange} superado: {amount} llevaría el total de hoy a {total}, por encima de tu máximo de {max}",
    fr:
      "Limite journalière sur {exchange} dépassée : {amount} porterait le total du jour à {total}, au-delà de votre maximum de {max}",
    it:
      "Limite giornaliero su {exchange} superato: {amount} porterebbe il totale di oggi a {total}, oltre il tuo massimo di {max}",
  },
} satisfies Record<string, Record<Lang, string>>;

export type RefusalKind = keyof typeof TEXT;

/** The first of our languages named in an Accept-Language header; English otherwise. */
export function pickLanguage(header: string | undefined): Lang {
  for (const part of (header ?? "").split(",")) {
    const tag = part.split(";")[0].trim().slice(0, 2).toLowerCase();
    if ((LANGS as readonly string[]).includes(tag)) return tag as Lang;
  }
  return "en";
}

export class TradingRefused extends AppError {
  constructor(readonly kind: RefusalKind, readonly params: Record<string, string>) {
    super("FORBIDDEN", render(kind, params, "en"));
  }

  override messageIn(acceptLanguage?: string) {
    return render(this.kind, this.params, pickLanguage(acceptLanguage));
  }
}

function render(kind: RefusalKind, params: Record<string, string>, lang: Lang) {
  return TEXT[kind][lang].replace(/\{(\w+)\}/g, (_, name) => params[name] ?? "");
}
