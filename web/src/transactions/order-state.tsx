// The badge of an opening order not confirmed as a fill (server/transactions/resolver.ts); its note
// (order-state-note.tsx, a tooltip) loads when the pointer first comes over it.
import { Badge } from "@mantine/core";
import { onDemand, type TriggerProps } from "../ui/on-demand.tsx";
import type { TransactionView } from "./api.ts";
import { transactionsMessages } from "./messages.ts";

const ORDER_STATE_COLOR = { pending: "yellow", refused: "red", unknown: "orange" } as const;

export interface OrderStateProps {
  tx: TransactionView;
  state: keyof typeof ORDER_STATE_COLOR;
}

export function OrderStateBadge(
  { state, ...props }: Pick<OrderStateProps, "state"> & TriggerProps<HTMLDivElement>,
) {
  const t = transactionsMessages.useT();
  return (
    <Badge
      {...props}
      color={ORDER_STATE_COLOR[state]}
      variant="outline"
      data-testid="transaction-order-state"
    >
      {t(`transactions.order.${state}`)}
    </Badge>
  );
}

export const OrderState = onDemand<OrderStateProps>(
  () => import("./order-state-note.tsx"),
  ({ state }, handlers) => <OrderStateBadge state={state} {...handlers} />,
  "pointer",
);
