// The BUY_ERROR / SELL_ERROR dialog whose title is the action and the transaction id
// (docs/calls.md#buy-and-sell-errors). Apart from the call notice so that its code (and Modal's)
// loads with the first error, not with every page.
import { Alert, Button, Group, Modal } from "@mantine/core";
import { useSnapshot } from "valtio";
import { calls, closeTradeError } from "./store.ts";
import { callsMessages } from "./messages.ts";

export default function TradeErrorDialog() {
  const t = callsMessages.useT();
  const { tradeError } = useSnapshot(calls);
  return (
    <Modal
      opened={!!tradeError}
      onClose={closeTradeError}
      title={tradeError &&
        t("calls.tradeErrorTitle", { action: tradeError.action, id: tradeError.transactionId })}
      centered
      data-testid="trade-error-dialog"
    >
      <Alert color="red" variant="light" style={{ whiteSpace: "pre-line" }}>
        {tradeError?.message}
      </Alert>
      <Group justify="flex-end" mt="md">
        <Button onClick={closeTradeError}>{t("calls.close")}</Button>
      </Group>
    </Modal>
  );
}
