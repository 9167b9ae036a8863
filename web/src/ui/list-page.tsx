// The frame every list page shares: the title (with the page's one action beside it), the filters
// with the count of what they found, then the page's own table and whatever it opens. Test ids:
// `{testId}-title` and `{testId}-total`.
import { Card, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

export function ListPage({ testId, title, action, filters, total, boxed, children }: {
  testId: string;
  title: ReactNode;
  /** The button that adds a row, beside the title. */
  action?: ReactNode;
  filters?: ReactNode;
  /** "N found": the count the filters leave. */
  total?: ReactNode;
  /** Filters in a bordered card: the pages whose filter bar also fetches or downloads. */
  boxed?: boolean;
  children: ReactNode;
}) {
  const bar = (filters || total !== undefined) && (
    <Group align="end">
      {filters}
      {total !== undefined && (
        <Text c="dimmed" size="sm" data-testid={`${testId}-total`}>{total}</Text>
      )}
    </Group>
  );
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h3" data-testid={`${testId}-title`}>{title}</Title>
        {action}
      </Group>
      {boxed && bar ? <Card withBorder>{bar}</Card> : bar}
      {children}
    </Stack>
  );
}
