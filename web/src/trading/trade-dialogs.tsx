// The dialogs of a create (docs/screens.md#dialogs-and-notices): the server's error (newlines
// kept), the fluctuating market with both prices at 2 decimals, and the missing-keys warning.
import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useSnapshot } from "valtio";
import { exchangeTitle } from "../../../server/exchanges/pairs.shared.ts";
import { closeTradeDialog, trade } from "./trade-store.ts";
import { combineMessages } from "../i18n/index.ts";
import { commonMessages } from "../i18n/common-messages.ts";
import { tradingMessages } from "./messages.ts";

const messages = combineMessages(commonMessages, tradingMessages);

const twoDecimals = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const price2 = (value: string) => twoDecimals.format(Number(value));

export default function TradeDialogs() {
  const t = messages.useT();
  const { dialog } = useSnapshot(trade);
  if (!dialog) return null;

  const body = (() => {
    switch (dialog.kind) {
      case "fluctuating":
        return {
          title: t("trading.fluctuatingTitle"),
          content: (
            <Stack gap={4}>
              <Text data-testid="fluctuating-market-price">
                {t("trading.marketPrice")}: {price2(dialog.marketPrice)}
              </Text>
              <Text data-testid="fluctuating-last-price">
                {t("trading.lastMarketPrice")}: {price2(dialog.lastMarketPrice)}
              </Text>
            </Stack>
          ),
        };
      case "missingKeys":
        return {
          title: t("trading.createFailedTitle"),
          content: (
            <Alert color="yellow" variant="light">
              {t("trading.missingKeys", { exchange: exchangeTitle(dialog.exchange) })}
            </Alert>
          ),
        };
      case "error":
        return {
          title: t("trading.errorTitle"),
          content: (
            <Alert color="red" variant="light" style={{ whiteSpace: "pre-line" }}>
              {dialog.message}
            </Alert>
          ),
        };
    }
  })();

  return (
    <Modal opened onClose={closeTradeDialog} title={body.title} centered data-testid="trade-dialog">
      <Stack>
        {body.content}
        <Group justify="flex-end">
          <Button onClick={closeTradeDialog} data-testid="trade-dialog-close">
            {t("common.close")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
