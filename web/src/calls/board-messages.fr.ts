// board-messages.ts in French.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./board-messages.ts";

export default {
  "board.title": "Tableau de l'appel",
  "board.loadFailed": "Impossible de charger le tableau de l'appel.",
  "board.heading": "{{lead}} a appelé {{target}} à {{time}}",
  "board.ended": "Appel terminé",
  "board.recipients": "Destinataires",
  "board.followed": "Ont suivi",
  "board.followedValue": "{{count}} sur {{total}} ({{share}})",
  "board.filled": "Montant exécuté",
  "board.result": "Résultat à ce stade",
  "board.resultSplit":
    "Réalisé {{realized}}, latent au prix actuel {{unrealized}}. Les appels manqués auraient fait {{missed}} (jamais du profit).",
  "board.user": "Utilisateur",
  "board.state": "État",
  "board.delivery": "Reçu par",
  "board.seen": "Avis vu",
  "board.side": "Sens",
  "board.fill": "Prix exécuté",
  "board.amount": "Montant",
  "board.reaction": "Réaction",
  "board.details": "Résultat ou motif",
  "board.missedWouldBe": "Aurait fait {{amount}}",
  "board.noRecipients": "Personne n'a encore reçu cet appel.",
  "board.state.notified": "Prévenu",
  "board.state.seen": "Vu",
  "board.state.traded": "A tradé",
  "board.state.refused": "Refusé",
  "board.state.missed": "Manqué",
  "board.delivery.page": "Page ouverte",
  "board.delivery.push": "Notification au téléphone",
  "board.delivery.offline": "Hors ligne",
  "board.target.ALL": "ACHETER et VENDRE",
  "board.openPage": "Ouvrir la page de l'appel",
  "board.close": "Fermer le tableau de l'appel",
} satisfies Translation<typeof en>;
