// A desk panel: a titled box, its load error, and its body.
import { Alert, Group, Paper, Title } from "@mantine/core";
import type { ReactNode } from "react";

export function Panel(props: {
  title: string;
  testId: string;
  error?: string | null;
  /** Beside the title (the chart's intervals). */
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      withBorder
      p="sm"
      aria-label={props.title}
      data-testid={props.testId}
      style={{ minWidth: 0 }}
    >
      <Group justify="space-between" mb="xs" gap="xs" wrap="nowrap">
        <Title order={2} size="h5">{props.title}</Title>
        {props.aside}
      </Group>
      {props.error && <Alert color="red" mb="xs">{props.error}</Alert>}
      {props.children}
    </Paper>
  );
}

/** Figures line up and stay on one line. */
export const NUMERIC = { fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" } as const;

/** A phone's compact row: two lines in a thin box. */
export const CARD = {
  border: "1px solid var(--mantine-color-default-border)",
  borderRadius: "var(--mantine-radius-sm)",
  padding: "4px 8px",
} as const;
