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
  "profits.seriesFailed": "Impossible de charger les graphiques des profits.",
  "profits.split": "Répartir par",
  "profits.split.user": "Utilisateur",
  "profits.split.pair": "Paire",
  "profits.split.exchange": "Plateforme",
  "profits.stats.realized": "Réalisé",
  "profits.stats.trades": "Opérations comptées",
  "profits.stats.winRate": "Taux de réussite",
  "profits.stats.avg": "Moyenne par opération",
  "profits.stats.fees": "Frais payés",
  "profits.stats.best": "Meilleure opération",
  "profits.stats.worst": "Pire opération",
  "profits.chart.dayTitle": "Résultat réalisé par jour",
  "profits.chart.daily": "Réalisé ce jour-là",
  "profits.chart.cumulative": "Total cumulé",
  "profits.chart.dayCaption":
    "Barres : le résultat réalisé de chaque jour du {{from}} au {{to}} ({{days}} jours avec des opérations comptées). Ligne : le total cumulé, qui finit à {{total}}. Meilleur jour {{bestDay}} : {{best}} ; pire jour {{worstDay}} : {{worst}}.",
  "profits.chart.splitTitle.user": "Résultat réalisé par utilisateur",
  "profits.chart.splitTitle.pair": "Résultat réalisé par paire",
  "profits.chart.splitTitle.exchange": "Résultat réalisé par plateforme",
  "profits.chart.splitCaption":
    "Barres, une par {{split}}, de la plus grande à la plus petite : {{items}}.",
  "profits.chart.splitItem": "{{label}} {{amount}} en {{trades}} opérations ({{wins}} gagnantes)",
  "profits.chart.none": "Aucune opération comptée sur cette période : rien à dessiner.",
} satisfies Translation<typeof en>;
