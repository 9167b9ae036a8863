// Two fields in one table cell, or two headers over one column, the second under the first: a
// desk's lists fit their cards instead of scrolling sideways (docs/screens.md).
import { Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

export function Lines({ top, bottom, dim }: { top: ReactNode; bottom: ReactNode; dim?: boolean }) {
  return (
    <Stack gap={0}>
      <span>{top}</span>
      <Text span inherit c={dim ? "dimmed" : undefined}>{bottom}</Text>
    </Stack>
  );
}

const PIECE = { display: "inline-block", whiteSpace: "nowrap" } as const;

/**
 * Two fields on one line while their column has room, the second under the first when the table
 * must narrow to fit its card (a table shrinks a column to its longest unbreakable piece first).
 */
export function Pieces({ first, second }: { first: ReactNode; second: ReactNode }) {
  return (
    <>
      <span style={PIECE}>{first}</span> <span style={PIECE}>{second}</span>
    </>
  );
}
