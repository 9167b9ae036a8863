// A row's actions (docs/trading.md#transaction-actions): set the status, move a BUY to SELL,
// delete.
import { Menu } from "@mantine/core";
import { TRANSACTION_STATUSES } from "../../../server/db/enums.shared.ts";
import { useOpenedOnMount } from "../ui/on-demand.tsx";
import { moveBuyToSell, setListedStatus } from "./actions.ts";
import { RowActionsButton, type RowActionsProps } from "./row-actions.tsx";
import { combineMessages } from "../i18n/index.ts";
import { commonMessages } from "../i18n/common-messages.ts";
import { transactionsMessages } from "./messages.ts";
import { MENU_PROPS } from "../ui/menu-props.ts";

const messages = combineMessages(commonMessages, transactionsMessages);

export default function RowActionsMenu({ tx, onDelete }: RowActionsProps) {
  const t = messages.useT();
  const { target, opened, setOpened } = useOpenedOnMount<HTMLButtonElement>();
  return (
    <Menu {...MENU_PROPS} opened={opened} onChange={setOpened}>
      <Menu.Target>
        <RowActionsButton ref={target} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("transactions.setStatus")}</Menu.Label>
        {TRANSACTION_STATUSES.filter((s) => s !== tx.status).map((s) => (
          <Menu.Item
            key={s}
            onClick={() => setListedStatus(tx, s)}
            data-testid={`set-status-${s}`}
          >
            {t(`transactions.status.${s}`)}
          </Menu.Item>
        ))}
        {tx.status === "BUY" && (
          <>
            <Menu.Divider />
            <Menu.Item onClick={() => moveBuyToSell(tx)} data-testid="buy-to-sell">
              {t("transactions.buyToSell")}
            </Menu.Item>
          </>
        )}
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => onDelete(tx)} data-testid="delete-transaction">
          {t("common.delete")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
