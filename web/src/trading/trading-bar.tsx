// The topbar's trading controls (docs/screens.md#topbar): pair and exchange selectors, the price,
// BUY and SELL. Compact (below desktop width) the topbar shows the live price in its first row, and
// these controls wrap in rows of their own.
import { Box, Button, Group, NativeSelect } from "@mantine/core";
import { lazy, Suspense, useEffect, useMemo } from "react";
import { useSnapshot } from "valtio";
import { useLocation } from "wouter";
import { findPair } from "../../../server/exchanges/pairs.shared.ts";
import { calls } from "../calls/store.ts";
import { realtime } from "../realtime/store.ts";
import { session } from "../session/store.ts";
import { pendingOrders } from "../transactions/pending-orders.ts";
import { tradeButtons } from "../calls/buttons.ts";
import { clickDebounce } from "./buttons.ts";
import { LivePrice, TypedPrice } from "./live-price.tsx";
import { loadPairs, market, restoreSelection } from "../market/store.ts";
import { selectExchange, selectPair } from "./selection.ts";
import { needsTypedPrice, TRADING_EXCHANGES, type TradingExchange } from "../market/pairs.ts";
import { placeOrder, trade } from "./trade-store.ts";
import { LIVE_PRICE_PAGES, usePricePoll, useStalePoll } from "./use-price-poll.ts";
import { tradingMessages } from "./messages.ts";
import { hideToast, notifyWarning } from "../ui/notify.ts";
import { tradeBlock } from "../desk/trade-block.ts";
import { blockText } from "../desk/block-text.ts";
import { deskMessages } from "../desk/messages.ts";

// Dialogs are rare: their code (and Modal's) loads with the first one.
const TradeDialogs = lazy(() => import("./trade-dialogs.tsx"));

export const CLICK_DEBOUNCE_MS = 1000;

const SIDES = [
  { side: "BUY", key: "buy", color: "teal" },
  { side: "SELL", key: "sell", color: "red" },
] as const;

/** `dense`: a phone's narrower selects and buttons, so the row fits 390 px in every language. */
export function TradingBar(
  { compact = false, dense = false }: { compact?: boolean; dense?: boolean },
) {
  const t = tradingMessages.useT();
  const tDesk = deskMessages.useT();
  const { user } = useSnapshot(session);
  const blocks = useSnapshot(tradeBlock);
  const { pair, exchange, pairs } = useSnapshot(market);
  const { creating: requesting, dialog } = useSnapshot(trade);
  const { ids: pendingIds } = useSnapshot(pendingOrders);
  const creating = requesting || pendingIds.length > 0;
  const { activeBuy, activeSell } = useSnapshot(calls);
  const debounced = useMemo(
    () => ({ BUY: clickDebounce(CLICK_DEBOUNCE_MS), SELL: clickDebounce(CLICK_DEBOUNCE_MS) }),
    [],
  );

  useEffect(() => {
    if (user) restoreSelection({ pair: user.pair, exchange: user.exchange });
  }, [user?.pair, user?.exchange]);
  useEffect(() => {
    if (user) loadPairs().catch(() => {});
  }, [exchange, !!user]);

  if (!user) return null;
  const enabled = tradeButtons({
    role: user.role,
    useBot: user.useBot,
    activeBuy,
    activeSell,
    creating,
  });
  // Until the list arrives, the selected pair is the one option.
  const options = pairs.some((p) => p.value === pair)
    ? pairs
    : [{ value: pair, label: findPair(pair)?.label ?? pair }, ...pairs];
  const click = (side: "BUY" | "SELL") => () => {
    if (debounced[side]()) placeOrder(side);
  };

  return (
    <Group
      gap={6}
      wrap={compact ? "wrap" : "nowrap"}
      justify={compact ? "center" : undefined}
      data-testid="trading-bar"
    >
      {compact && <TypedPrice />}
      <NativeSelect
        size="xs"
        w={dense ? 100 : 112}
        aria-label={t("trading.pair")}
        data={options.map((p) => ({ value: p.value, label: p.label }))}
        value={pair}
        onChange={(e) => selectPair(e.currentTarget.value)}
        data-testid="pair-select"
      />
      <NativeSelect
        size="xs"
        w={dense ? 84 : 92}
        aria-label={t("trading.exchange")}
        data={TRADING_EXCHANGES.map((x) => ({ value: x, label: t(`trading.exchangeName.${x}`) }))}
        value={exchange}
        onChange={(e) => selectExchange(e.currentTarget.value as TradingExchange)}
        data-testid="exchange-select"
      />
      {!compact && (
        <>
          <LivePrice />
          <TypedPrice />
        </>
      )}
      {SIDES.map(({ side, key, color }) => {
        // Refused before the click, and saying why: on hover (the title) and on a press, which a
        // disabled button does not take: it lets the press through to its wrapper.
        const block = blocks[key];
        const reason = block ? blockText(tDesk, block) : undefined;
        return (
          <Box
            key={side}
            component="span"
            display="inline-block"
            title={reason}
            onClick={reason ? () => explainBlock(reason) : undefined}
          >
            <Button
              size="xs"
              color={color}
              px={dense ? 8 : undefined}
              disabled={!enabled[key] || !!block}
              loading={creating}
              onClick={click(side)}
              aria-description={reason}
              style={reason ? { pointerEvents: "none" } : undefined}
              data-block={block?.key}
              data-testid={`${key}-button`}
            >
              {t(`trading.${key}`)}
            </Button>
          </Box>
        );
      })}
      {dialog && (
        <Suspense fallback={null}>
          <TradeDialogs />
        </Suspense>
      )}
      <PricePoll />
    </Group>
  );
}

let explained: string | undefined;

/** A press on a refused button: its reason as a toast, replacing the last one. */
function explainBlock(reason: string) {
  if (explained) hideToast(explained);
  explained = notifyWarning(reason);
}

/**
 * The 1 s price poll and the stale-price poll, in a component of their own: the socket's state and
 * the route decide them, and neither changes what the bar shows, so they do not re-render it.
 */
function PricePoll() {
  const { pair, exchange } = useSnapshot(market);
  // Pushed prices replace the poll while the socket is up.
  const { connected } = useSnapshot(realtime);
  const [location] = useLocation();
  usePricePoll(
    !connected && !needsTypedPrice(pair) && LIVE_PRICE_PAGES.includes(location),
    exchange,
  );
  // The topbar shows the live price on every page: its stale mark too.
  useStalePoll(!needsTypedPrice(pair), exchange);
  return null;
}
