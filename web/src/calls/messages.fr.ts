// messages.ts in French.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "calls.secondsLeft": "encore {{seconds}} s",
  "calls.sideBuy": "ACHETER est disponible : votre mode bot est {{mode}}.",
  "calls.sideSell": "VENDRE est disponible : votre mode bot est {{mode}}.",
  "calls.sideNone":
    "Aucun côté ouvert pour vous : votre mode bot est {{mode}}, que cet appel ne change pas. Un Admin le fixe.",
  "calls.calling": "{{from}} APPELLE",
  "calls.enterTradingInfo": "SAISISSEZ LES INFORMATIONS DE TRADING DANS LA FEUILLE.",
  "calls.count": "Nombre",
  "calls.target": "Cible de l'appel",
  "calls.call": "APPELER",
  "calls.target.BUY": "ACHETER",
  "calls.target.SELL": "VENDRE",
  "calls.target.BUY_ONLY": "ACHAT SEUL",
  "calls.target.SELL_ONLY": "VENTE SEULE",
  "calls.target.RING_ONLY": "SONNERIE SEULE",
  "calls.sendFailed": "L'appel a échoué.",
  "calls.useBotFailed": "Impossible de changer le mode du bot pour cet appel.",
  "calls.noPrice": "Pas de prix du marché : la transaction terminée de l'appel n'a pas été créée.",
  "calls.doneFailed": "La transaction terminée de l'appel n'a pas pu être créée.",
  "calls.tradeErrorTitle": "{{action}} {{id}}",
  "calls.close": "Fermer",
} satisfies Translation<typeof en>;
