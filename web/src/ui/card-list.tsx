// A wide list as a phone shows it: one card a row, each field beside its column's header, so every
// field and action is in reach without scrolling sideways.
import { Box, Paper, Stack, Text } from "@mantine/core";
import type { RowsView } from "./paged-table.tsx";

// A cell's row of buttons keeps to one line in a table; in a card's narrow column it wraps, so no
// button is cut short. React puts the rule in the head once, however many lists are shown.
const WRAP_ACTIONS = "[data-layout=cards] dd .mantine-Group-root { flex-wrap: wrap; }";

const FIELD = {
  display: "grid",
  gridTemplateColumns: "minmax(5.5rem, 35%) minmax(0, 1fr)",
  gap: "var(--mantine-spacing-xs)",
  alignItems: "baseline",
} as const;

export function CardList<Row>({ items, columns, rowKey, rowProps, busy, testId }: RowsView<Row>) {
  return (
    <>
      <style href="card-list" precedence="default">{WRAP_ACTIONS}</style>
      <Stack
        component="ul"
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: "none", opacity: busy ? 0.6 : undefined }}
        aria-busy={busy}
        data-testid={testId}
        data-layout="cards"
      >
        {items.map((row) => (
          <Paper component="li" withBorder p="sm" key={rowKey(row)} {...rowProps?.(row)}>
            <Stack component="dl" gap={6} m={0}>
              {columns.map((c) => (
                <Box key={c.key} style={FIELD}>
                  <Text component="dt" size="xs" c="dimmed">{c.header}</Text>
                  <Box component="dd" m={0} fz="sm" style={{ overflowWrap: "anywhere" }}>
                    {c.cell(row)}
                  </Box>
                </Box>
              ))}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
