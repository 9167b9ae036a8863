// One bot key's balances (docs/screens.md#bot-keys-pages): Binance free and locked, Gate available
// and locked, all-zero entries already dropped by the server. An exchange's refusal shows here
// only.
import { Alert, Center, Loader, Modal, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { errorText } from "../ui/notify.ts";
import { type Column, RowsTable } from "../ui/paged-table.tsx";
import { type BotBalance, type BotKeyExchange, type BotKeyView, fetchBotBalance } from "./api.ts";
import { botKeysMessages } from "./messages.ts";

type Row = BotBalance["balances"][number];

const cells = (row: Row): [string, string, string] =>
  "currency" in row ? [row.currency, row.available, row.locked] : [row.asset, row.free, row.locked];

export function BalanceModal({ entry, onClose }: { entry: BotKeyView; onClose: () => void }) {
  const t = botKeysMessages.useT();
  const [state, setState] = useState<{ balance?: BotBalance; error?: string }>({});

  useEffect(() => {
    let live = true;
    fetchBotBalance(entry.id, entry.exchange as BotKeyExchange).then(
      (balance) => live && setState({ balance }),
      (err) => live && setState({ error: errorText(err, t("botKeys.balanceFailed")) }),
    );
    return () => {
      live = false;
    };
  }, [entry.id]);

  const error = state.error ?? state.balance?.error;
  const gate = entry.exchange === "gate";
  const columns: Column<Row>[] = [
    {
      key: "name",
      header: t(gate ? "botKeys.currency" : "botKeys.asset"),
      cell: (r) => cells(r)[0],
    },
    {
      key: "free",
      header: t(gate ? "botKeys.available" : "botKeys.free"),
      cell: (r) => cells(r)[1],
    },
    { key: "locked", header: t("botKeys.locked"), cell: (r) => cells(r)[2] },
  ];
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={t("botKeys.balanceTitle", { username: entry.username })}
    >
      {!state.balance && !state.error && (
        <Center>
          <Loader size="sm" />
        </Center>
      )}
      {error && <Alert color="red" data-testid="bot-balance-error">{error}</Alert>}
      {state.balance && !error && state.balance.balances.length === 0 && (
        <Text c="dimmed">{t("botKeys.noBalances")}</Text>
      )}
      {state.balance && state.balance.balances.length > 0 && (
        <RowsTable
          items={state.balance.balances}
          columns={columns}
          rowKey={(row) => cells(row)[0]}
          rowProps={(row) => ({ "data-testid": `bot-balance-${cells(row)[0]}` })}
          busy={false}
          testId="bot-balance-table"
          minWidth={320}
        />
      )}
    </Modal>
  );
}
