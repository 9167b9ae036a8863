// The order-state badge with its note, shown at once: it replaces the bare badge when the pointer
// comes over it (order-state.tsx).
import { Tooltip } from "@mantine/core";
import { openOrderId } from "../../../server/transactions/order-ids.shared.ts";
import { OrderStateBadge, type OrderStateProps } from "./order-state.tsx";
import { transactionsMessages } from "./messages.ts";

export default function OrderStateNote({ tx, state }: OrderStateProps) {
  const t = transactionsMessages.useT();
  return (
    <Tooltip
      label={t(`transactions.orderNote.${state}`, {
        exchange: t(`transactions.exchangeName.${tx.exchange}`),
        clientOrderId: openOrderId(tx.id),
      })}
      multiline
      w={280}
      defaultOpened
    >
      <OrderStateBadge state={state} />
    </Tooltip>
  );
}
