// The topbar's price: the live price as a dollar amount (marked when stale), or, for NFT pairs, the
// typed price and the asset id inputs. Two components, as a narrow topbar places them in different rows, and so
// that a price tick (every second) re-renders the live price alone.
import { Group, Text, TextInput } from "@mantine/core";
import { useRef } from "react";
import { useSnapshot } from "valtio";
import { market } from "../market/store.ts";
import {
  cleanTypedPrice,
  formatDollars,
  needsTypedPrice,
  TYPED_PRICE_MAX,
} from "../market/pairs.ts";
import { tradingMessages } from "./messages.ts";

export function LivePrice() {
  const t = tradingMessages.useT();
  const snap = useSnapshot(market);
  const pair = snap.pair;
  // Read only for a pair with a feed, and only its own price: another pair's tick changes nothing.
  const price = needsTypedPrice(pair) ? undefined : snap.prices[pair];
  const staleS = price ? snap.stale[pair] : undefined;
  // Green when the last move was up, red when down.
  const last = useRef<{ pair: string; price?: string; color?: string }>({ pair });
  if (last.current.pair !== pair) last.current = { pair };
  if (price && last.current.price && price !== last.current.price) {
    last.current.color = Number(price) > Number(last.current.price) ? "teal" : "red";
  }
  last.current.price = price;

  if (needsTypedPrice(pair)) return null;
  const stale = staleS !== undefined;
  // A stale price (docs/trading.md#stale-prices) stays in view, greyed, struck and marked, so
  // nobody takes it for the market: orders are refused on it.
  return (
    <Text
      fw={700}
      size="sm"
      c={stale ? "dimmed" : last.current.color}
      td={stale ? "line-through" : undefined}
      miw={84}
      ta="center"
      style={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}
      aria-label={stale ? t("trading.stalePriceTitle", { age: staleS }) : t("trading.livePrice")}
      title={stale ? t("trading.stalePriceTitle", { age: staleS }) : undefined}
      data-testid="live-price"
      data-stale={stale || undefined}
    >
      {price ? formatDollars(price, pair) : "—"}
      {stale && (
        <Text span size="xs" fw={700} c="orange" ml={4} td="none" data-testid="stale-price">
          ⚠ {t("trading.stalePrice")}
        </Text>
      )}
    </Text>
  );
}

/** NFT pairs have no feed: the price is typed by hand, with the asset id. */
export function TypedPrice() {
  const t = tradingMessages.useT();
  const { pair, typedPrice, assetId } = useSnapshot(market);
  if (!needsTypedPrice(pair)) return null;
  return (
    <Group gap={4} wrap="nowrap">
      <TextInput
        size="xs"
        w={96}
        inputMode="decimal"
        placeholder={t("trading.price")}
        aria-label={t("trading.price")}
        maxLength={TYPED_PRICE_MAX}
        value={typedPrice}
        onChange={(e) => {
          market.typedPrice = cleanTypedPrice(e.currentTarget.value);
        }}
        data-testid="typed-price"
      />
      <TextInput
        size="xs"
        w={84}
        placeholder={t("trading.assetId")}
        aria-label={t("trading.assetId")}
        maxLength={100}
        value={assetId}
        onChange={(e) => {
          market.assetId = e.currentTarget.value;
        }}
        data-testid="asset-id"
      />
    </Group>
  );
}
