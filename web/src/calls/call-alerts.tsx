// What a call and a failed bot order show: the '{from} CALLING' notice (with 'ENTER TRADING INFO
// INTO SHEET.' for RING_ONLY) while the ring loops, and the BUY_ERROR / SELL_ERROR dialog whose
// title is the action and the transaction id (docs/calls.md#buy-and-sell-errors).
import { Alert, Button, Group, Modal, Notification, Portal } from "@mantine/core";
import { useSnapshot } from "valtio";
import { useT } from "../i18n/index.ts";
import { dismissNotice } from "./actions.ts";
import { NoticeBody } from "./notice-body.tsx";
import { calls, closeTradeError } from "./store.ts";
import "./messages.ts";

export function CallAlerts() {
  const t = useT();
  const { notice, ringing, tradeError } = useSnapshot(calls);
  return (
    <>
      {notice && (
        <Portal>
          <Notification
            color="yellow"
            title={t("calls.calling", { from: notice.from })}
            onClose={dismissNotice}
            closeButtonProps={{ "aria-label": t("calls.close") }}
            withBorder
            data-testid="call-notice"
            data-ringing={ringing || undefined}
            style={{
              position: "fixed",
              top: 80,
              left: "50%",
              transform: "translateX(-50%)",
              zIndex: 1000,
              minWidth: 280,
            }}
          >
            <NoticeBody notice={notice} />
          </Notification>
        </Portal>
      )}
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
    </>
  );
}
