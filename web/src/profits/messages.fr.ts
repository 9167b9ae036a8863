// messages.ts in French.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "profits.total.one":
    "Profit réalisé total de {{count}} aller-retour, d'après ses exécutions et frais :",
  "profits.title": "Profits",
  "profits.loadFailed": "Impossible de charger les profits.",
  "profits.allTime": "Toute la période",
  "profits.download": "Télécharger le CSV",
  "profits.total":
    "Profit réalisé total de {{count}} allers-retours, d'après leurs exécutions et frais :",
  "profits.day": "Date (UTC)",
  "profits.username": "Utilisateur",
  "profits.trades": "Opérations",
  "profits.quantity": "Quantité",
  "profits.buyAmount": "Montant d'achat",
  "profits.sellAmount": "Montant de vente",
  "profits.profit": "Profit",
  "profits.empty": "Aucune transaction DONE sur cette période.",
  "profits.notCounted":
    "Non compté : {{count}} transactions DONE sans résultat d'exécutions : clôturées à la main {{handClosed}}, saisies à la main {{typed}}, modifiées par un Admin {{edited}}, à sens unique (achat seul, vente seule) {{oneSided}}, sans exécution à valoriser {{unpriced}}. À leurs cibles elles feraient",
  "profits.notCounted.one":
    "Non compté : 1 transaction DONE sans résultat d'exécutions : clôturée à la main {{handClosed}}, saisie à la main {{typed}}, modifiée par un Admin {{edited}}, à sens unique (achat seul, vente seule) {{oneSided}}, sans exécution à valoriser {{unpriced}}. À ses cibles elle ferait",
  "profits.missedCalls": "Appels manqués : {{count}}, jamais tradés, auraient fait",
  "profits.missedCalls.one": "Appels manqués : 1, jamais tradé, aurait fait",
  "profits.missedColumn": "Appels manqués",
  "profits.notCountedColumn": "Non compté",
} satisfies Translation<typeof en>;
