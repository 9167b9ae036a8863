// The caller's board beside the trading screen (docs/calls.md#call-board-and-history): opened by CALL, it
// floats over the page's corner without blocking it (the Lead keeps trading), and stays until
// closed, the call's page (/calls/:id) a link away. Its own chunk: only a caller loads it.
import { Anchor, CloseButton, Group, Loader, Paper, Title } from "@mantine/core";
import { useSnapshot } from "valtio";
import { Link } from "wouter";
import { usePhone } from "../ui/use-phone.ts";
import { BoardError, BoardView } from "./board-view.tsx";
import { board, closeFloatingBoard } from "./board-store.ts";
import { boardMessages } from "./board-messages.ts";

export default function BoardPanel() {
  const t = boardMessages.useT();
  const snap = useSnapshot(board);
  const phone = usePhone();
  if (!snap.floating || !snap.callId) return null;
  return (
    <Paper
      component="section"
      aria-label={t("board.title")}
      shadow="xl"
      withBorder
      p="sm"
      data-testid="board-panel"
      style={{
        position: "fixed",
        zIndex: 190,
        right: phone ? 0 : 16,
        left: phone ? 0 : undefined,
        bottom: phone ? 0 : 16,
        width: phone ? "100%" : "min(760px, calc(100vw - 32px))",
        maxHeight: phone ? "65vh" : "70vh",
        overflowY: "auto",
      }}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h5">{t("board.title")}</Title>
        <Group gap="xs" wrap="nowrap">
          <Anchor
            c="blue"
            component={Link}
            href={`/calls/${snap.callId}`}
            size="sm"
            data-testid="board-open-page"
          >
            {t("board.openPage")}
          </Anchor>
          <CloseButton
            aria-label={t("board.close")}
            onClick={closeFloatingBoard}
            data-testid="board-close"
          />
        </Group>
      </Group>
      {snap.error && <BoardError error={snap.error} />}
      {snap.board
        ? <BoardView board={snap.board} endsAt={snap.endsAt} busy={snap.loading} />
        : snap.loading && <Loader size="sm" />}
    </Paper>
  );
}
