import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useT } from "../i18n/index.ts";
import type { TransactionView } from "./api.ts";
import { deleteListed } from "./actions.ts";
import "./messages.ts";

/** Asks before deleting: the transaction leaves every list. */
export default function DeleteTransactionModal(
  { tx, onClose }: { tx: TransactionView; onClose: () => void },
) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const done = await deleteListed(tx);
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Modal opened onClose={onClose} title={t("transactions.deleteTitle")} centered>
      <Stack>
        <Text>{t("transactions.deleteConfirm", { id: tx.id })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t("common.cancel")}</Button>
          <Button color="red" loading={busy} onClick={confirm} data-testid="confirm-delete">
            {t("common.delete")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
