// settings-messages.ts in French.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./settings-messages.ts";

export default {
  "settings.field.pair": "Paire",
  "settings.help.pair":
    "La paire tradée par cet utilisateur ; un appel visant une paire atteint ceux qui y sont.",
  "settings.field.exchange": "Plateforme",
  "settings.help.exchange": "Où les ordres de cet utilisateur sont passés.",
  "settings.field.useBot": "Mode bot",
  "settings.help.useBot":
    "Ce que fait un clic : acheter puis vendre à l'écart, vendre puis racheter, ou un seul sens. Un appel change le mode d'un User.",
  "settings.field.tradingAmount": "Montant de trading",
  "settings.help.tradingAmount":
    "Devise de cotation (ex. USDT) dépensée à chaque BUY. 0 : ne peut pas acheter.",
  "settings.field.coinTradingAmount": "Quantité de coin",
  "settings.help.coinTradingAmount":
    "Coins vendus à chaque SELL (vente seule vend 95 % des fonds en coin).",
  "settings.field.spread": "Écart (%)",
  "settings.help.spread":
    "De combien au-dessus du prix d'achat le bot vend (ou en dessous il rachète), en pourcentage.",
  "settings.field.isAutoSpread": "Écart automatique",
  "settings.help.isAutoSpread":
    "Transmis au bot avec chaque transaction : il peut choisir l'écart.",
  "settings.field.numberOfTran": "Transactions par clic",
  "settings.help.numberOfTran":
    "De 1 à 10 : un clic en mode bot passe autant d'ordres, les suivants variés de 5 à 20 %.",
  "settings.field.fraction": "Fraction (%)",
  "settings.help.fraction":
    "Transmise au bot avec chaque transaction : la part du montant qu'il utilise.",
  "settings.field.isFull": "Montant entier",
  "settings.help.isFull":
    "Transmis au bot avec chaque transaction : trader tout le montant d'un coup.",
  "settings.field.isRandom": "Montants aléatoires",
  "settings.help.isRandom": "Transmis au bot avec chaque transaction : varier les montants.",
  "settings.field.group": "Groupe",
  "settings.help.group": "Les appels atteignent chaque membre du groupe de l'appelant.",
  "settings.field.coinFunds": "Fonds en coin",
  "settings.help.coinFunds":
    "Ce que le compte détient du coin de la paire sur la plateforme, lu sur le compte ; vente seule en vend 95 %.",
  "settings.title": "Réglages de trading de {{username}}",
  "settings.open": "Réglages",
  "settings.keys": "Clés",
  "settings.myTitle": "Mes réglages de trading",
  "settings.readOnly":
    "Fixés par un Admin. Vous choisissez paire et plateforme dans la barre du haut ; un appel fixe votre mode bot.",
  "settings.saved": "Réglages de {{username}} enregistrés.",
  "settings.saveFailed": "Impossible d'enregistrer les réglages.",
  "settings.keysColumn": "Clés",
  "settings.noKeys": "aucune",
  "settings.needsKeys": "clés manquantes",
  "settings.needsKeysHint":
    "Ne peut pas trader : pas de clés {{exchange}} pour le mode bot d'un appel",
  "settings.readFunds": "Lire sur le compte",
  "settings.fundsFailed": "Impossible de lire le compte.",
  "settings.fundsOf": "{{amount}} {{asset}} sur {{exchange}}",
  "settings.menu": "Réglages de trading",
  "Must be a whole number from 1 to 10": "Doit être un nombre entier de 1 à 10",
  "Must be a number with at most 8 decimals": "Doit être un nombre avec au plus 8 décimales",
  "Must be between 0 and 100 with at most 8 decimals":
    "Doit être entre 0 et 100 avec au plus 8 décimales",
  "Must be between 0 and 1000000000 with at most 8 decimals":
    "Doit être entre 0 et 1000000000 avec au plus 8 décimales",
  "Unknown pair": "Paire inconnue",
  "roleChange.title": "Changer le rôle",
  "roleChange.confirm":
    "Changer le rôle de {{username}} de {{from}} à {{to}} ? Sa session prend fin aussitôt.",
  "roleChange.superAdmin":
    "{{username}} devient SuperAdmin : contrôle total de tous les utilisateurs, de toutes les clés de plateformes et de bots, et le pouvoir de retirer d'autres SuperAdmin.",
  "roleChange.ok": "Changer le rôle",
} satisfies Translation<typeof en>;
