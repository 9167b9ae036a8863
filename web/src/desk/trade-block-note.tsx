// Why BUY or SELL is disabled, in words on the page: a phone has no hover to show the buttons'
// tooltips, and a reader should not have to guess.
import { Text } from "@mantine/core";
import { useSnapshot } from "valtio";
import { blockText } from "./block-text.ts";
import { sameBlock } from "./live.ts";
import { deskMessages } from "./messages.ts";
import { tradeBlock } from "./trade-block.ts";

export function TradeBlockNote() {
  const t = deskMessages.useT();
  const { buy, sell } = useSnapshot(tradeBlock);
  if (!buy && !sell) return null;
  const lines = buy && sell && sameBlock(buy, sell)
    ? [`${t("desk.side.BUY")} · ${t("desk.side.SELL")}: ${blockText(t, buy)}`]
    : [
      buy && `${t("desk.side.BUY")}: ${blockText(t, buy)}`,
      sell && `${t("desk.side.SELL")}: ${blockText(t, sell)}`,
    ].filter((line): line is string => !!line);
  return (
    <Text size="sm" c="red.9" fw={500} role="status" data-testid="trade-block-note">
      {lines.join(" — ")}
    </Text>
  );
}
