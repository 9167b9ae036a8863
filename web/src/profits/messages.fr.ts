// messages.ts in French.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "profits.total.one": "Profit réalisé total sur {{count}} transaction DONE :",
  "profits.title": "Profits",
  "profits.loadFailed": "Impossible de charger les profits.",
  "profits.allTime": "Toute la période",
  "profits.download": "Télécharger le CSV",
  "profits.total": "Profit réalisé total sur {{count}} transactions DONE :",
  "profits.day": "Date (UTC)",
  "profits.username": "Utilisateur",
  "profits.trades": "Opérations",
  "profits.quantity": "Quantité",
  "profits.buyAmount": "Montant d'achat",
  "profits.sellAmount": "Montant de vente",
  "profits.profit": "Profit",
  "profits.empty": "Aucune transaction DONE sur cette période.",
  "profits.notCounted":
    "Non compté : {{count}} transactions DONE dont le serveur n'a pas fait les prix : saisis à la main {{typed}}, clôturées à la main {{handClosed}}, modifiées par un Admin {{edited}}. Leur profit serait de",
  "profits.notCounted.one":
    "Non compté : 1 transaction DONE dont le serveur n'a pas fait les prix : saisis à la main {{typed}}, clôturée à la main {{handClosed}}, modifiée par un Admin {{edited}}. Son profit serait de",
  "profits.notCountedColumn": "Non compté",
} satisfies Translation<typeof en>;
