// The installable app: install entry and offline state.
import { defineMessages } from "../i18n/index.ts";

defineMessages({
  en: {
    "pwa.install": "Install app",
    "pwa.offline": "Offline",
    "pwa.offlineText":
      "No connection to the server. Prices, orders and calls resume when the network is back.",
  },
  zh: {
    "pwa.install": "安装应用",
    "pwa.offline": "离线",
    "pwa.offlineText": "无法连接服务器。网络恢复后，价格、订单和呼叫将继续。",
  },
  es: {
    "pwa.install": "Instalar la app",
    "pwa.offline": "Sin conexión",
    "pwa.offlineText":
      "No hay conexión con el servidor. Los precios, las órdenes y las llamadas vuelven cuando vuelva la red.",
  },
  fr: {
    "pwa.install": "Installer l'application",
    "pwa.offline": "Hors ligne",
    "pwa.offlineText":
      "Pas de connexion au serveur. Les prix, les ordres et les appels reprennent au retour du réseau.",
  },
  it: {
    "pwa.install": "Installa l'app",
    "pwa.offline": "Offline",
    "pwa.offlineText":
      "Nessuna connessione al server. Prezzi, ordini e chiamate riprendono quando torna la rete.",
  },
});
