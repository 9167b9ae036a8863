// The button row at the foot of a modal: back out, then the modal's one action.
import { Button, Group } from "@mantine/core";
import { commonMessages } from "../i18n/common-messages.ts";

export function ModalActions(props: {
  onClose: () => void;
  /** "Cancel" unless given (a modal that changes nothing until saved may say "Close"). */
  closeLabel?: string;
  /** The action's button; none when the viewer may only look. */
  label?: string;
  busy: boolean;
  /** Without it the action submits the modal's form. */
  onConfirm?: () => void;
  color?: "red";
  disabled?: boolean;
  /** Backing out is refused while the action runs (a download under way). */
  holdWhileBusy?: boolean;
  testId?: string;
}) {
  const t = commonMessages.useT();
  return (
    <Group justify="flex-end">
      <Button
        variant="default"
        onClick={props.onClose}
        disabled={props.holdWhileBusy && props.busy}
      >
        {props.closeLabel ?? t("common.cancel")}
      </Button>
      {props.label && (
        <Button
          type={props.onConfirm ? "button" : "submit"}
          onClick={props.onConfirm}
          color={props.color}
          loading={props.busy}
          disabled={props.disabled}
          data-testid={props.testId}
        >
          {props.label}
        </Button>
      )}
    </Group>
  );
}
