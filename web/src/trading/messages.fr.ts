// messages.ts in French.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "trading.pair": "Paire",
  "trading.exchange": "Plateforme",
  "trading.exchangeName.binance": "Binance",
  "trading.exchangeName.gate": "Gate",
  "trading.livePrice": "Prix en direct",
  "trading.stalePrice": "Périmé",
  "trading.stalePriceTitle":
    "Aucun nouveau prix depuis {{age}} s : les ordres sont refusés tant qu'il n'est pas de nouveau en direct",
  "trading.price": "Prix",
  "trading.assetId": "ID de l'actif",
  "trading.buy": "ACHETER",
  "trading.sell": "VENDRE",
  "trading.saveFailed": "Impossible d'enregistrer la paire et la plateforme.",
  "trading.enterPrice": "Saisissez un prix.",
  "trading.enterAssetId": "Saisissez l'ID de l'actif.",
  "trading.noPrice": "Pas encore de prix du marché. Réessayez dans un instant.",
  "trading.created": "Transaction {{side}} n° {{id}} créée.",
  "trading.createFailed": "Échec de la création.",
  "trading.createFailedTitle": "ÉCHEC DE LA CRÉATION DE LA TRANSACTION",
  "trading.errorTitle": "Échec de la création de la transaction",
  "trading.missingKeys": "Veuillez d'abord mettre à jour la Key/Secret pour {{exchange}}",
  "trading.fluctuatingTitle": "Le marché fluctue",
  "trading.marketPrice": "Prix du marché",
  "trading.lastMarketPrice": "Dernier prix du marché",
} satisfies Translation<typeof en>;
