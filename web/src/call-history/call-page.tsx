// /calls/:id: one call's board, live while the call runs (the socket's call-board events) and the
// same afterwards, from GET /calls/:id.
import { Anchor, Group, Loader, Stack, Title } from "@mantine/core";
import { useEffect } from "react";
import { useSnapshot } from "valtio";
import { Link } from "wouter";
import { combineMessages } from "../i18n/index.ts";
import { BoardError, BoardView } from "../calls/board-view.tsx";
import { board, showBoard } from "../calls/board-store.ts";
import { boardMessages } from "../calls/board-messages.ts";
import { callHistoryMessages } from "./messages.ts";

const messages = combineMessages(boardMessages, callHistoryMessages);

export default function CallPage({ params }: { params: { id: string } }) {
  const t = messages.useT();
  const snap = useSnapshot(board);
  useEffect(() => {
    void showBoard(params.id);
  }, [params.id]);
  const mine = snap.callId === params.id;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h3" data-testid="call-page-title">{t("board.title")}</Title>
        <Anchor c="blue" component={Link} href="/calls" data-testid="call-page-back">
          {t("history.back")}
        </Anchor>
      </Group>
      {mine && snap.error && <BoardError error={snap.error} />}
      {mine && snap.board
        ? <BoardView board={snap.board} endsAt={snap.endsAt} busy={snap.loading} />
        : !(mine && snap.error) && <Loader size="sm" />}
    </Stack>
  );
}
