// An open row's result if closed now, as a transaction list shows it: the figure, with "if closed
// now" under it; a dash without one.
import { Stack, Text } from "@mantine/core";
import { formatNumber, signColor } from "./format.ts";

export function IfClosedText({ value, label }: { value: string | null; label: string }) {
  if (value === null) return <Text c="dimmed">-</Text>;
  return (
    // The test id on the whole cell: a tick re-renders it (tests/e2e/renders.test.ts names it).
    <Stack gap={0} data-testid="transaction-if-closed">
      <Text size="sm" fs="italic" c={signColor(value)}>
        {formatNumber(value)}
      </Text>
      <Text size="xs" c="dimmed">{label}</Text>
    </Stack>
  );
}
