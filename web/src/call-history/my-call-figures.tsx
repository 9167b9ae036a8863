// The signed-in person's own call figures over the last 30 days, for their dashboard: a User's
// calls received, followed, median reaction and result from calls; a Lead's (or Admin's) calls
// sent, followed and the desk's result on them. Nothing shows for someone no call concerned.
import { Card, SimpleGrid, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import type { CallFigures } from "../../../server/calls/board.shared.ts";
import { session } from "../session/store.ts";
import { formatMedianMs, formatShare, formatSigned, resultColor } from "../calls/board-format.ts";
import { fetchCallFigures } from "./api.ts";
import { callHistoryMessages } from "./messages.ts";

const DAYS = 30;

export function MyCallFigures() {
  const t = callHistoryMessages.useT();
  const { user } = useSnapshot(session);
  const [figures, setFigures] = useState<CallFigures | null>(null);
  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined) return;
    // No end: up to the server's now, whatever this device's clock says.
    fetchCallFigures({ start: Date.now() - DAYS * 86_400_000 }).then(setFigures, () => {});
  }, [userId]);
  if (!figures || userId === undefined) return null;
  const received = figures.users.find((u) => u.userId === userId);
  const sent = figures.leads.find((l) => l.userId === userId);
  const items: { label: string; value: string; color?: string; testId: string }[] = [];
  if (sent?.sent) {
    items.push(
      { label: t("figures.sent"), value: String(sent.sent), testId: "my-calls-sent" },
      {
        label: t("figures.followed"),
        value: sent.followed === null ? "" : formatShare(sent.followed),
        testId: "my-calls-sent-followed",
      },
      {
        label: t("figures.deskResult"),
        value: formatSigned(sent.deskResult),
        color: resultColor(sent.deskResult),
        testId: "my-calls-desk-result",
      },
    );
  }
  if (received?.received) {
    items.push(
      {
        label: t("figures.received"),
        value: String(received.received),
        testId: "my-calls-received",
      },
      {
        label: t("figures.followed"),
        value: received.followed === null ? "" : formatShare(received.followed),
        testId: "my-calls-followed",
      },
      {
        label: t("figures.medianReaction"),
        value: formatMedianMs(received.medianReactionMs),
        testId: "my-calls-reaction",
      },
      {
        label: t("figures.result"),
        value: formatSigned(received.result),
        color: resultColor(received.result),
        testId: "my-calls-result",
      },
    );
  }
  if (!items.length) return null;
  return (
    <Card
      withBorder
      component="section"
      aria-labelledby="my-call-figures-title"
      data-testid="my-call-figures"
    >
      <Title order={2} size="h5" mb="xs" id="my-call-figures-title">{t("figures.mine")}</Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {items.map((item) => (
          <div key={item.testId}>
            <Text size="xs" c="dimmed">{item.label}</Text>
            <Text fw={700} c={item.color} data-testid={item.testId}>{item.value}</Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}
