// A row's actions button (Admin and above); its menu (row-actions-menu.tsx) loads on first use.
import { ActionIcon } from "@mantine/core";
import { onDemand, type TriggerProps } from "../ui/on-demand.tsx";
import type { TransactionView } from "./api.ts";
import { transactionsMessages } from "./messages.ts";

export interface RowActionsProps {
  tx: TransactionView;
  onDelete: (tx: TransactionView) => void;
}

export function RowActionsButton(props: TriggerProps) {
  const t = transactionsMessages.useT();
  return (
    <ActionIcon
      {...props}
      variant="subtle"
      aria-label={t("transactions.actions")}
      data-testid="transaction-actions"
    >
      ⋯
    </ActionIcon>
  );
}

export const RowActions = onDemand<RowActionsProps>(
  () => import("./row-actions-menu.tsx"),
  (_, handlers) => <RowActionsButton {...handlers} />,
);
