// A desk panel: a titled box, its load error, and its body.
import { Alert, Group, Paper, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { commonMessages } from "../i18n/common-messages.ts";

export function Panel(props: {
  title: string;
  testId: string;
  error?: string | null;
  /** Beside the title (the chart's intervals). */
  aside?: ReactNode;
  /**
   * Set while its first answer is on its way: the body says so in the height (px) it usually
   * takes, so the panels below stay where they are when the answer comes (each panel growing as
   * its answer came moved the page by 0.1 of Lighthouse's layout shift on a phone).
   */
  loading?: number;
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
      {props.loading !== undefined && !props.error
        ? <Loading height={props.loading} />
        : props.children}
    </Paper>
  );
}

function Loading({ height }: { height: number }) {
  const t = commonMessages.useT();
  return <Text size="sm" c="dimmed" mih={height} aria-busy="true">{t("common.loading")}</Text>;
}

/** Figures line up and stay on one line. */
export const NUMERIC = { fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" } as const;

/** A phone's compact row: two lines in a thin box. */
export const CARD = {
  border: "1px solid var(--mantine-color-default-border)",
  borderRadius: "var(--mantine-radius-sm)",
  padding: "4px 8px",
} as const;

/**
 * A panel's table, scrolling within the panel past `maxHeight` (and sideways below `minWidth`): its
 * scrolling box is a named region a keyboard can reach.
 */
export function ScrollTable(
  props: { label: string; minWidth: number; maxHeight: number; children: ReactNode },
) {
  return (
    <Table.ScrollContainer
      minWidth={props.minWidth}
      maxHeight={props.maxHeight}
      scrollAreaProps={{
        viewportProps: { tabIndex: 0, role: "region", "aria-label": props.label },
      }}
    >
      {props.children}
    </Table.ScrollContainer>
  );
}

/** A list of compact rows, scrolling past `maxHeight` as a named region a keyboard can reach. */
export function ScrollList(
  props: { label: string; maxHeight?: number; testId?: string; children: ReactNode },
) {
  const scrolls = props.maxHeight !== undefined;
  const list = (
    <ul style={LIST} data-testid={props.testId}>
      {props.children}
    </ul>
  );
  if (!scrolls) return list;
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={props.label}
      style={{ maxHeight: props.maxHeight, overflowY: "auto" }}
    >
      {list}
    </div>
  );
}

const LIST = {
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: 6,
} as const;
