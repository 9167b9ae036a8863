// The trading-settings form and the keys column of /manage-users, in five languages.
import { defineMessages } from "../i18n/index.ts";

defineMessages({
  en: {
    "settings.field.pair": "Pair",
    "settings.help.pair": "The pair this user trades; a call naming a pair reaches users on it.",
    "settings.field.exchange": "Exchange",
    "settings.help.exchange": "Where this user's orders are placed.",
    "settings.field.useBot": "Bot mode",
    "settings.help.useBot":
      "What a click does: buy then sell at the spread, sell then buy back, or one way only. A call switches a User's mode.",
    "settings.field.tradingAmount": "Trading amount",
    "settings.help.tradingAmount":
      "Quote currency (e.g. USDT) spent on each BUY. 0: this user cannot buy.",
    "settings.field.coinTradingAmount": "Coin trading amount",
    "settings.help.coinTradingAmount":
      "Coins sold on each SELL (only sell sells 95% of the coin funds instead).",
    "settings.field.spread": "Spread (%)",
    "settings.help.spread":
      "How far above the buy price the bot sells (or below the sell price it buys back), in percent.",
    "settings.field.isAutoSpread": "Auto spread",
    "settings.help.isAutoSpread":
      "Passed to the bot with each transaction: it may pick the spread itself.",
    "settings.field.numberOfTran": "Transactions per click",
    "settings.help.numberOfTran":
      "1 to 10: a bot-mode click places this many orders, the extra ones varied by 5-20%.",
    "settings.field.fraction": "Fraction (%)",
    "settings.help.fraction":
      "Passed to the bot with each transaction: the share of the amount it works with.",
    "settings.field.isFull": "Full amount",
    "settings.help.isFull":
      "Passed to the bot with each transaction: trade the whole amount at once.",
    "settings.field.isRandom": "Random amounts",
    "settings.help.isRandom":
      "Passed to the bot with each transaction: vary the amounts it places.",
    "settings.field.group": "Group",
    "settings.help.group": "Calls reach every member of the caller's group.",
    "settings.field.coinFunds": "Coin funds",
    "settings.help.coinFunds":
      "What the account holds of the pair's coin on the exchange, read from it; only sell sells 95% of it.",
    "settings.title": "Trading settings of {{username}}",
    "settings.open": "Settings",
    "settings.keys": "Keys",
    "settings.myTitle": "My trading settings",
    "settings.readOnly":
      "Set by an Admin. You choose the pair and exchange in the top bar; a call sets your bot mode.",
    "settings.saved": "Trading settings of {{username}} saved.",
    "settings.saveFailed": "Could not save the trading settings.",
    "settings.keysColumn": "Keys",
    "settings.noKeys": "none",
    "settings.needsKeys": "needs keys",
    "settings.needsKeysHint": "Cannot trade: no {{exchange}} keys for the bot mode a call sets",
    "settings.readFunds": "Read from account",
    "settings.fundsFailed": "Could not read the account.",
    "settings.fundsOf": "{{amount}} {{asset}} on {{exchange}}",
    "settings.menu": "Trading Settings",
    "Must be a whole number from 1 to 10": "Must be a whole number from 1 to 10",
    "Must be a number with at most 8 decimals": "Must be a number with at most 8 decimals",
    "Must be between 0 and 100 with at most 8 decimals":
      "Must be between 0 and 100 with at most 8 decimals",
    "Must be between 0 and 1000000000 with at most 8 decimals":
      "Must be between 0 and 1000000000 with at most 8 decimals",
    "Unknown pair": "Unknown pair",
    "roleChange.title": "Change role",
    "roleChange.confirm":
      "Change the role of {{username}} from {{from}} to {{to}}? They are signed out at once.",
    "roleChange.superAdmin":
      "{{username}} becomes a SuperAdmin: full control of every user, every exchange key and bot key, and the power to remove other SuperAdmins.",
    "roleChange.ok": "Change role",
  },
  zh: {
    "settings.field.pair": "交易对",
    "settings.help.pair": "该用户交易的交易对；指定交易对的呼叫只发给正在该交易对上的用户。",
    "settings.field.exchange": "交易所",
    "settings.help.exchange": "该用户的订单下到哪个交易所。",
    "settings.field.useBot": "机器人模式",
    "settings.help.useBot":
      "点击后的动作：先买后按价差卖、先卖后买回，或只做单向。呼叫会切换普通用户的模式。",
    "settings.field.tradingAmount": "交易金额",
    "settings.help.tradingAmount": "每次买入花费的计价货币（如 USDT）。0 表示无法买入。",
    "settings.field.coinTradingAmount": "币交易数量",
    "settings.help.coinTradingAmount": "每次卖出的币数量（只卖模式改为卖出持币的 95%）。",
    "settings.field.spread": "价差（%）",
    "settings.help.spread": "机器人在买入价之上多少卖出（或卖出价之下多少买回），百分比。",
    "settings.field.isAutoSpread": "自动价差",
    "settings.help.isAutoSpread": "随每笔交易传给机器人：由它自行选择价差。",
    "settings.field.numberOfTran": "每次点击交易数",
    "settings.help.numberOfTran": "1 到 10：机器人模式下一次点击下这么多单，额外的单浮动 5-20%。",
    "settings.field.fraction": "比例（%）",
    "settings.help.fraction": "随每笔交易传给机器人：它使用的金额比例。",
    "settings.field.isFull": "全额",
    "settings.help.isFull": "随每笔交易传给机器人：一次交易全部金额。",
    "settings.field.isRandom": "随机金额",
    "settings.help.isRandom": "随每笔交易传给机器人：让下单金额随机变化。",
    "settings.field.group": "分组",
    "settings.help.group": "呼叫会发给呼叫者所在分组的每个成员。",
    "settings.field.coinFunds": "持币",
    "settings.help.coinFunds":
      "账户在该交易所持有的该交易对币数量（从账户读取）；只卖模式卖出其 95%。",
    "settings.title": "{{username}} 的交易设置",
    "settings.open": "设置",
    "settings.keys": "密钥",
    "settings.myTitle": "我的交易设置",
    "settings.readOnly": "由管理员设置。交易对和交易所在顶栏选择；呼叫会设置你的机器人模式。",
    "settings.saved": "{{username}} 的交易设置已保存。",
    "settings.saveFailed": "无法保存交易设置。",
    "settings.keysColumn": "密钥",
    "settings.noKeys": "无",
    "settings.needsKeys": "缺少密钥",
    "settings.needsKeysHint": "无法交易：呼叫设置的机器人模式需要 {{exchange}} 密钥",
    "settings.readFunds": "从账户读取",
    "settings.fundsFailed": "无法读取账户。",
    "settings.fundsOf": "{{exchange}} 上 {{amount}} {{asset}}",
    "settings.menu": "交易设置",
    "Must be a whole number from 1 to 10": "必须是 1 到 10 的整数",
    "Must be a number with at most 8 decimals": "必须是最多 8 位小数的数字",
    "Must be between 0 and 100 with at most 8 decimals": "必须在 0 到 100 之间，最多 8 位小数",
    "Must be between 0 and 1000000000 with at most 8 decimals":
      "必须在 0 到 1000000000 之间，最多 8 位小数",
    "Unknown pair": "未知交易对",
    "roleChange.title": "更改角色",
    "roleChange.confirm": "将 {{username}} 的角色从 {{from}} 改为 {{to}}？该用户会立即被登出。",
    "roleChange.superAdmin":
      "{{username}} 将成为 SuperAdmin：完全控制所有用户、所有交易所密钥和机器人密钥，并可移除其他 SuperAdmin。",
    "roleChange.ok": "更改角色",
  },
  es: {
    "settings.field.pair": "Par",
    "settings.help.pair":
      "El par que opera este usuario; una llamada a un par llega a los usuarios en él.",
    "settings.field.exchange": "Exchange",
    "settings.help.exchange": "Dónde se colocan las órdenes de este usuario.",
    "settings.field.useBot": "Modo bot",
    "settings.help.useBot":
      "Qué hace un clic: comprar y vender con el spread, vender y recomprar, o solo un sentido. Una llamada cambia el modo de un User.",
    "settings.field.tradingAmount": "Importe de operación",
    "settings.help.tradingAmount":
      "Moneda de cotización (p. ej. USDT) gastada en cada BUY. 0: no puede comprar.",
    "settings.field.coinTradingAmount": "Cantidad de moneda",
    "settings.help.coinTradingAmount":
      "Monedas vendidas en cada SELL (solo venta vende el 95% de los fondos).",
    "settings.field.spread": "Spread (%)",
    "settings.help.spread":
      "Cuánto por encima del precio de compra vende el bot (o por debajo recompra), en porcentaje.",
    "settings.field.isAutoSpread": "Spread automático",
    "settings.help.isAutoSpread": "Se pasa al bot con cada transacción: puede elegir el spread.",
    "settings.field.numberOfTran": "Transacciones por clic",
    "settings.help.numberOfTran":
      "De 1 a 10: un clic en modo bot coloca tantas órdenes, las extra variadas un 5-20%.",
    "settings.field.fraction": "Fracción (%)",
    "settings.help.fraction": "Se pasa al bot con cada transacción: la parte del importe que usa.",
    "settings.field.isFull": "Importe completo",
    "settings.help.isFull":
      "Se pasa al bot con cada transacción: operar todo el importe de una vez.",
    "settings.field.isRandom": "Importes aleatorios",
    "settings.help.isRandom": "Se pasa al bot con cada transacción: variar los importes.",
    "settings.field.group": "Grupo",
    "settings.help.group": "Las llamadas llegan a todos los miembros del grupo de quien llama.",
    "settings.field.coinFunds": "Fondos en moneda",
    "settings.help.coinFunds":
      "Lo que la cuenta tiene de la moneda del par en el exchange, leído de ella; solo venta vende el 95%.",
    "settings.title": "Ajustes de operación de {{username}}",
    "settings.open": "Ajustes",
    "settings.keys": "Keys",
    "settings.myTitle": "Mis ajustes de operación",
    "settings.readOnly":
      "Los fija un Admin. Eliges par y exchange en la barra superior; una llamada fija tu modo bot.",
    "settings.saved": "Ajustes de {{username}} guardados.",
    "settings.saveFailed": "No se pudieron guardar los ajustes.",
    "settings.keysColumn": "Keys",
    "settings.noKeys": "ninguna",
    "settings.needsKeys": "faltan keys",
    "settings.needsKeysHint":
      "No puede operar: faltan keys de {{exchange}} para el modo bot de una llamada",
    "settings.readFunds": "Leer de la cuenta",
    "settings.fundsFailed": "No se pudo leer la cuenta.",
    "settings.fundsOf": "{{amount}} {{asset}} en {{exchange}}",
    "settings.menu": "Ajustes de operación",
    "Must be a whole number from 1 to 10": "Debe ser un número entero de 1 a 10",
    "Must be a number with at most 8 decimals": "Debe ser un número con 8 decimales como máximo",
    "Must be between 0 and 100 with at most 8 decimals":
      "Debe estar entre 0 y 100 con 8 decimales como máximo",
    "Must be between 0 and 1000000000 with at most 8 decimals":
      "Debe estar entre 0 y 1000000000 con 8 decimales como máximo",
    "Unknown pair": "Par desconocido",
    "roleChange.title": "Cambiar rol",
    "roleChange.confirm":
      "¿Cambiar el rol de {{username}} de {{from}} a {{to}}? Se cerrará su sesión de inmediato.",
    "roleChange.superAdmin":
      "{{username}} pasa a ser SuperAdmin: control total de todos los usuarios, todas las keys de exchanges y de bots, y poder para quitar a otros SuperAdmin.",
    "roleChange.ok": "Cambiar rol",
  },
  fr: {
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
    "settings.keys": "Keys",
    "settings.myTitle": "Mes réglages de trading",
    "settings.readOnly":
      "Fixés par un Admin. Vous choisissez paire et plateforme dans la barre du haut ; un appel fixe votre mode bot.",
    "settings.saved": "Réglages de {{username}} enregistrés.",
    "settings.saveFailed": "Impossible d'enregistrer les réglages.",
    "settings.keysColumn": "Keys",
    "settings.noKeys": "aucune",
    "settings.needsKeys": "keys manquantes",
    "settings.needsKeysHint":
      "Ne peut pas trader : pas de keys {{exchange}} pour le mode bot d'un appel",
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
      "{{username}} devient SuperAdmin : contrôle total de tous les utilisateurs, de toutes les keys de plateformes et de bots, et le pouvoir de retirer d'autres SuperAdmin.",
    "roleChange.ok": "Changer le rôle",
  },
  it: {
    "settings.field.pair": "Coppia",
    "settings.help.pair":
      "La coppia su cui opera l'utente; una chiamata per una coppia raggiunge chi è su di essa.",
    "settings.field.exchange": "Exchange",
    "settings.help.exchange": "Dove vengono inviati gli ordini dell'utente.",
    "settings.field.useBot": "Modalità bot",
    "settings.help.useBot":
      "Cosa fa un clic: compra e poi vende allo spread, vende e poi ricompra, o un solo verso. Una chiamata cambia la modalità di uno User.",
    "settings.field.tradingAmount": "Importo di trading",
    "settings.help.tradingAmount":
      "Valuta di quotazione (es. USDT) spesa a ogni BUY. 0: non può comprare.",
    "settings.field.coinTradingAmount": "Quantità di coin",
    "settings.help.coinTradingAmount":
      "Coin venduti a ogni SELL (solo vendita vende il 95% dei fondi in coin).",
    "settings.field.spread": "Spread (%)",
    "settings.help.spread":
      "Di quanto sopra il prezzo d'acquisto il bot vende (o sotto ricompra), in percentuale.",
    "settings.field.isAutoSpread": "Spread automatico",
    "settings.help.isAutoSpread": "Passato al bot con ogni transazione: può scegliere lo spread.",
    "settings.field.numberOfTran": "Transazioni per clic",
    "settings.help.numberOfTran":
      "Da 1 a 10: un clic in modalità bot invia tanti ordini, gli extra variati del 5-20%.",
    "settings.field.fraction": "Frazione (%)",
    "settings.help.fraction": "Passata al bot con ogni transazione: la quota dell'importo che usa.",
    "settings.field.isFull": "Importo intero",
    "settings.help.isFull":
      "Passato al bot con ogni transazione: operare l'intero importo in una volta.",
    "settings.field.isRandom": "Importi casuali",
    "settings.help.isRandom": "Passato al bot con ogni transazione: variare gli importi.",
    "settings.field.group": "Gruppo",
    "settings.help.group": "Le chiamate raggiungono ogni membro del gruppo di chi chiama.",
    "settings.field.coinFunds": "Fondi in coin",
    "settings.help.coinFunds":
      "Quanto il conto detiene del coin della coppia sull'exchange, letto dal conto; solo vendita ne vende il 95%.",
    "settings.title": "Impostazioni di trading di {{username}}",
    "settings.open": "Impostazioni",
    "settings.keys": "Keys",
    "settings.myTitle": "Le mie impostazioni di trading",
    "settings.readOnly":
      "Impostate da un Admin. Scegli coppia ed exchange nella barra in alto; una chiamata imposta la tua modalità bot.",
    "settings.saved": "Impostazioni di {{username}} salvate.",
    "settings.saveFailed": "Impossibile salvare le impostazioni.",
    "settings.keysColumn": "Keys",
    "settings.noKeys": "nessuna",
    "settings.needsKeys": "mancano le keys",
    "settings.needsKeysHint":
      "Non può operare: mancano le keys {{exchange}} per la modalità bot di una chiamata",
    "settings.readFunds": "Leggi dal conto",
    "settings.fundsFailed": "Impossibile leggere il conto.",
    "settings.fundsOf": "{{amount}} {{asset}} su {{exchange}}",
    "settings.menu": "Impostazioni di trading",
    "Must be a whole number from 1 to 10": "Deve essere un numero intero da 1 a 10",
    "Must be a number with at most 8 decimals": "Deve essere un numero con al massimo 8 decimali",
    "Must be between 0 and 100 with at most 8 decimals":
      "Deve essere tra 0 e 100 con al massimo 8 decimali",
    "Must be between 0 and 1000000000 with at most 8 decimals":
      "Deve essere tra 0 e 1000000000 con al massimo 8 decimali",
    "Unknown pair": "Coppia sconosciuta",
    "roleChange.title": "Cambia ruolo",
    "roleChange.confirm":
      "Cambiare il ruolo di {{username}} da {{from}} a {{to}}? La sua sessione termina subito.",
    "roleChange.superAdmin":
      "{{username}} diventa SuperAdmin: controllo totale di tutti gli utenti, di tutte le keys di exchange e bot, e il potere di rimuovere altri SuperAdmin.",
    "roleChange.ok": "Cambia ruolo",
  },
});
