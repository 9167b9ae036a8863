// messages.ts in French.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "yahoo.title": "Graphique BTC via Yahoo Finance",
  "yahoo.range": "Période",
  "yahoo.rangePlaceholder": "Choisissez deux dates",
  "yahoo.interval": "Intervalle",
  "yahoo.series": "Séries",
  "yahoo.open": "Ouverture",
  "yahoo.close": "Clôture",
  "yahoo.high": "Plus haut",
  "yahoo.low": "Plus bas",
  "yahoo.date": "Date",
  "yahoo.volume": "Volume",
  "yahoo.fetch": "Récupérer les données BTC",
  "yahoo.selectRange": "Veuillez choisir une période.",
  "yahoo.failed": "Échec de la récupération des données Yahoo Finance.",
  "yahoo.empty": "Aucune donnée sur cette période.",
  "yahoo.source.yahoo": "Source : Yahoo Finance",
  "yahoo.source.recorded": "Source : prix du marché enregistrés par ce serveur",
  "yahoo.utc": "Heures en UTC",
} satisfies Translation<typeof en>;
