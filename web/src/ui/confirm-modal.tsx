// Asking before an action that cannot be taken back (a delete, a role change): what will happen,
// then the action; the modal closes once it succeeded and stays open on a failure.
import { Modal, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useAttempt } from "./attempt.ts";
import { ModalActions } from "./modal-actions.tsx";

export function ConfirmModal(props: {
  title: string;
  message: string;
  /** More to read before confirming (a warning). */
  children?: ReactNode;
  confirmLabel: string;
  color?: "red";
  testId: string;
  /** Resolves to the success message. */
  action: () => Promise<string>;
  /** The failure's text when the server gave none. */
  failed: string;
  onClose: () => void;
}) {
  const { busy, attempt } = useAttempt(props.onClose);
  const confirm = () => attempt(props.action, props.failed);
  return (
    <Modal opened onClose={props.onClose} title={props.title} centered>
      <Stack>
        <Text>{props.message}</Text>
        {props.children}
        <ModalActions
          onClose={props.onClose}
          label={props.confirmLabel}
          busy={busy}
          onConfirm={confirm}
          color={props.color}
          testId={props.testId}
        />
      </Stack>
    </Modal>
  );
}
