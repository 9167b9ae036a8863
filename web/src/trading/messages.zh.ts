// messages.ts in Chinese.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "trading.pair": "交易对",
  "trading.exchange": "交易所",
  "trading.exchangeName.binance": "Binance",
  "trading.exchangeName.gate": "Gate",
  "trading.livePrice": "实时价格",
  "trading.stalePrice": "已过时",
  "trading.stalePriceTitle": "已有 {{age}} 秒没有新价格：在价格恢复实时前，订单将被拒绝",
  "trading.price": "价格",
  "trading.assetId": "资产 ID",
  "trading.buy": "买入",
  "trading.sell": "卖出",
  "trading.saveFailed": "无法保存交易对和交易所。",
  "trading.enterPrice": "请输入价格。",
  "trading.enterAssetId": "请输入资产 ID。",
  "trading.noPrice": "暂无市场价格，请稍后再试。",
  "trading.created": "已创建{{side}}交易 #{{id}}。",
  "trading.createFailed": "创建失败。",
  "trading.createFailedTitle": "创建交易失败",
  "trading.errorTitle": "创建交易失败",
  "trading.missingKeys": "请先更新 {{exchange}} 的 Key/Secret",
  "trading.fluctuatingTitle": "市场正在波动",
  "trading.marketPrice": "市场价格",
  "trading.lastMarketPrice": "最新市场价格",
} satisfies Translation<typeof en>;
