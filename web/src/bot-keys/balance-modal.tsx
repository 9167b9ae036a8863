// One bot key's balances (docs/screens.md#bot-keys-pages): Binance free and locked, Gate available
// and locked, all-zero entries already dropped by the server. An exchange's refusal shows here
// only.
import { Alert, Center, Loader, Modal, Table, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useT } from "../i18n/index.ts";
import { errorText } from "../ui/notify.ts";
import { type BotBalance, type BotKeyExchange, type BotKeyView, fetchBotBalance } from "./api.ts";
import "./messages.ts";

type Row = BotBalance["balances"][number];

const cells = (row: Row): [string, string, string] =>
  "currency" in row ? [row.currency, row.available, row.locked] : [row.asset, row.free, row.locked];

export function BalanceModal({ entry, onClose }: { entry: BotKeyView; onClose: () => void }) {
  const t = useT();
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
        <Table striped data-testid="bot-balance-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(gate ? "botKeys.currency" : "botKeys.asset")}</Table.Th>
              <Table.Th>{t(gate ? "botKeys.available" : "botKeys.free")}</Table.Th>
              <Table.Th>{t("botKeys.locked")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {state.balance.balances.map((row) => {
              const [name, free, locked] = cells(row);
              return (
                <Table.Tr key={name} data-testid={`bot-balance-${name}`}>
                  <Table.Td>{name}</Table.Td>
                  <Table.Td>{free}</Table.Td>
                  <Table.Td>{locked}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
