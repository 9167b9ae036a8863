// An open row's result if closed now in a transaction list, following the pushed prices
// (live-unrealized.ts), as the Open positions panel does.
import { Stack, Text } from "@mantine/core";
import { useSnapshot } from "valtio";
import type { Snapshot } from "valtio";
import { market } from "../market/store.ts";
import type { TransactionView } from "./api.ts";
import { formatNumber } from "./format.ts";
import { liveUnrealized } from "./live-unrealized.ts";

export function IfClosedNow({ tx, label }: { tx: Snapshot<TransactionView>; label: string }) {
  const { exchange, prices } = useSnapshot(market);
  const value = liveUnrealized(tx, exchange, prices);
  if (value === null) return <Text c="dimmed">-</Text>;
  return (
    // The test id on the whole cell: a tick re-renders it (tests/e2e/renders.test.ts names it).
    <Stack gap={0} data-testid="transaction-if-closed">
      <Text size="sm" fs="italic" c={value.startsWith("-") ? "red" : "teal"}>
        {formatNumber(value)}
      </Text>
      <Text size="xs" c="dimmed">{label}</Text>
    </Stack>
  );
}
