// What the user's trading accounts hold on the selected exchange: the paper ledger or the
// exchange's balance through the stored keys (and the bot keys the user trades with), free and
// locked per asset. Reloaded with the desk after each fill, and when the exchange changes.
import { Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { type Snapshot, useSnapshot } from "valtio";
import type { BalanceAccount } from "../../../server/desk/schema.shared.ts";
import { isServerCode, serverText } from "../errors/server-messages.ts";
import { market } from "../market/store.ts";
import { formatNumber } from "../transactions/format.ts";
import { deskMessages } from "./messages.ts";
import { NUMERIC, Panel } from "./panel.tsx";
import { desk, loadBalances } from "./store.ts";

// Loading: as tall as one account's name, the pair's two assets and the link to the rest.
const ACCOUNT = 126;

type T = ReturnType<typeof deskMessages.useT>;

export function BalancesPanel() {
  const t = deskMessages.useT();
  const { balances } = useSnapshot(desk);
  const { exchange, pair } = useSnapshot(market);
  useEffect(() => {
    if (desk.balances.data && desk.balances.data.exchange !== exchange) void loadBalances();
  }, [exchange]);
  const accounts = balances.data?.accounts ?? [];
  return (
    <Panel
      title={t("desk.balances")}
      testId="dashboard-balances"
      error={balances.error}
      loading={balances.data ? undefined : ACCOUNT}
    >
      {balances.data && !accounts.length && <Text size="sm" c="dimmed">{t("desk.noBalances")}
      </Text>}
      <Stack gap="xs">
        {accounts.map((a) => <Account key={a.account} a={a} pair={pair} t={t} />)}
      </Stack>
    </Panel>
  );
}

/**
 * One account: the selected pair's two assets and anything locked, the rest on demand (a paper
 * ledger holds a dozen assets, which would push the positions off the screen).
 */
function Account({ a, pair, t }: { a: Snapshot<BalanceAccount>; pair: string; t: T }) {
  const [all, setAll] = useState(false);
  const error = a.errorCode && isServerCode(a.errorCode)
    ? serverText(a.errorCode, a.errorParams ?? {})
    : a.error;
  const held = a.balances.filter((b) => Number(b.free) !== 0 || Number(b.locked) !== 0);
  const traded = pair.split("_");
  const shown = all
    ? held
    : held.filter((b) => traded.includes(b.asset.toLowerCase()) || Number(b.locked) !== 0);
  return (
    <div data-testid={`balance-${a.account}`}>
      <Group gap={6} mb={2}>
        <Text size="sm" fw={600}>{a.label}</Text>
        <Badge size="xs" variant="light">
          {a.adapter === "paper" ? t("desk.adapter.paper") : a.adapter}
        </Badge>
      </Group>
      {error && <Text size="xs" c="red.8">{error}</Text>}
      {shown.length > 0 && (
        <Table fz="sm" verticalSpacing={2}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("desk.asset")}</Table.Th>
              <Table.Th ta="right">{t("desk.free")}</Table.Th>
              <Table.Th ta="right">{t("desk.locked")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((b) => (
              <Table.Tr key={b.asset} data-testid={`balance-${b.asset.toLowerCase()}`}>
                <Table.Td>{b.asset.toUpperCase()}</Table.Td>
                <Table.Td ta="right" style={NUMERIC} data-testid="balance-free">
                  {formatNumber(b.free, 8)}
                </Table.Td>
                <Table.Td ta="right" style={NUMERIC}>{formatNumber(b.locked, 8)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {held.length > shown.length || all
        ? (
          <Button size="compact-xs" variant="subtle" onClick={() => setAll(!all)}>
            {all ? t("desk.pairAssets") : t("desk.allAssets", { count: held.length })}
          </Button>
        )
        : null}
    </div>
  );
}
