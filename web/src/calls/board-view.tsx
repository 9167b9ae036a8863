// One call's board (docs/calls.md#call-board-and-history): who called what and when, the countdown, the totals
// so far, and a line per recipient: how the call reached them, when they saw the notice, and how
// it ended for them (traded: side, fill, amount, reaction; refused: why, in the viewer's
// language; missed: what the missed-call row would have made). Lines come and change live.
import { Alert, Badge, Box, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { type ReactNode, useEffect, useState } from "react";
import type { Snapshot } from "valtio";
import type {
  BoardRecipient,
  CallBoard,
  RecipientState,
} from "../../../server/calls/board.shared.ts";
import { isServerCode, serverText } from "../errors/server-messages.ts";
import { combineMessages } from "../i18n/index.ts";
import { formatDateTime, formatNumber, formatPrice } from "../transactions/format.ts";
import { findPair } from "../../../server/exchanges/pairs.shared.ts";
import { type Column, RowsTable } from "../ui/paged-table.tsx";
import { WHOLE_BADGE } from "../ui/whole-badge.ts";
import { Lines } from "../ui/lines.tsx";
import {
  formatMoney,
  formatMs,
  formatShare,
  formatSigned,
  resultColor,
  targetLabel,
} from "./board-format.ts";
import { boardMessages } from "./board-messages.ts";
import { refreshBoard } from "./board-store.ts";
import { callsMessages } from "./messages.ts";

const messages = combineMessages(boardMessages, callsMessages);

const STATE_COLOR: Record<RecipientState, string> = {
  notified: "gray",
  seen: "blue",
  traded: "teal",
  refused: "red",
  missed: "orange",
};

const FINAL: readonly RecipientState[] = ["traded", "refused", "missed"];

/** How often an open position's result is read again while its board shows. */
const RESULT_REFRESH_MS = 10_000;

/** While `holding`, the board is read again now and then for the live price's result. */
function useLiveResult(holding: boolean) {
  useEffect(() => {
    if (!holding) return;
    const id = setInterval(() => void refreshBoard(), RESULT_REFRESH_MS);
    return () => clearInterval(id);
  }, [holding]);
}

/** Seconds left until `endsAt` (this device's clock), ticking. */
function useSecondsLeft(endsAt: number) {
  const left = () => Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    const id = setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s === 0) clearInterval(id);
    }, 250);
    return () => clearInterval(id);
  }, [endsAt]);
  return seconds;
}

type Line = Snapshot<BoardRecipient>;

const lineResult = (r: Line) =>
  r.realizedPnl === null && r.unrealizedPnl === null
    ? null
    : Number(r.realizedPnl ?? 0) + Number(r.unrealizedPnl ?? 0);

export function BoardView({ board, endsAt, busy }: {
  board: Snapshot<CallBoard>;
  /** This device's clock at the call's end; else the server's expiry is taken as is. */
  endsAt: number | null;
  busy: boolean;
}) {
  const t = messages.useT();
  const { call, recipients, totals } = board;
  const seconds = useSecondsLeft(endsAt ?? call.expiresAt);
  const ended = seconds === 0 ||
    (recipients.length > 0 && recipients.every((r) => FINAL.includes(r.state)));
  const result = Number(totals.realizedPnl) + Number(totals.unrealizedPnl);
  const followedShare = totals.recipients ? totals.followed / totals.recipients : 0;
  useLiveResult(recipients.some((r) => r.unrealizedPnl !== null));

  const reasonText = (r: Line) =>
    r.reason && isServerCode(r.reason.code)
      ? serverText(r.reason.code, r.reason.params)
      : r.reason?.code ?? "";

  const columns: Column<Line>[] = [
    { key: "user", header: t("board.user"), cell: (r) => r.username },
    {
      key: "state",
      header: t("board.state"),
      cell: (r) => (
        <Badge
          color={STATE_COLOR[r.state]}
          variant="light"
          style={WHOLE_BADGE}
          data-testid="board-line-state"
        >
          {t(`board.state.${r.state}`)}
        </Badge>
      ),
    },
    {
      key: "delivery",
      header: t("board.delivery"),
      cell: (r) => t(`board.delivery.${r.delivery}`),
    },
    {
      key: "seen",
      header: t("board.seen"),
      cell: (
        r,
      ) => (r.seenAt === null ? "" : `+${formatMs(Math.max(0, r.seenAt - call.createdAt))}`),
      align: "right",
      nowrap: true,
    },
    {
      // Side and amount over the fill's price: in three columns of their own, mostly empty on a
      // line that did not trade, they squeezed the reason beside them to a word a line.
      key: "fill",
      header: <Lines top={`${t("board.side")} · ${t("board.amount")}`} bottom={t("board.fill")} />,
      cell: (r) => {
        if (r.side === null && r.amount === null && r.fillPrice === null) return "";
        const side = r.side ? t(`calls.target.${r.side}`) : "";
        const amount = r.amount === null ? "" : formatMoney(r.amount);
        // A side target does not say the pair: four decimals, as the lists write prices.
        const price = r.fillPrice === null
          ? ""
          : findPair(call.target)
          ? formatPrice(r.fillPrice, call.target)
          : formatNumber(r.fillPrice);
        return <Lines top={[side, amount].filter(Boolean).join(" ")} bottom={price} />;
      },
      align: "right",
      nowrap: true,
    },
    {
      key: "reaction",
      header: t("board.reaction"),
      cell: (r) => (r.reactionMs === null ? "" : formatMs(r.reactionMs)),
      align: "right",
      nowrap: true,
    },
    {
      key: "details",
      header: t("board.details"),
      cell: (r) => {
        if (r.state === "refused") {
          return <Text span inherit c="red" data-testid="board-line-reason">{reasonText(r)}</Text>;
        }
        if (r.state === "missed" && r.missedWouldBe !== null) {
          return t("board.missedWouldBe", { amount: formatSigned(r.missedWouldBe) });
        }
        const line = lineResult(r);
        return line === null
          ? ""
          : <Text span inherit c={resultColor(line)}>{formatSigned(line)}</Text>;
      },
    },
  ];

  return (
    <Stack gap="sm" data-testid="call-board" data-call-id={call.id} data-ended={ended || undefined}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={700} data-testid="board-heading">
          {t("board.heading", {
            lead: call.from,
            target: targetLabel(call.target, t),
            time: formatDateTime(new Date(call.createdAt).toISOString()),
          })}
        </Text>
        <Badge
          size="lg"
          color={ended ? "gray" : "yellow"}
          variant={ended ? "light" : "filled"}
          autoContrast
          role="timer"
          aria-live="off"
          data-testid="board-countdown"
        >
          {ended ? t("board.ended") : t("calls.secondsLeft", { seconds })}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="board-totals">
        <Figure label={t("board.recipients")} testId="board-total-recipients">
          {totals.recipients}
        </Figure>
        <Figure label={t("board.followed")} testId="board-total-followed">
          {t("board.followedValue", {
            count: totals.followed,
            total: totals.recipients,
            share: formatShare(followedShare),
          })}
        </Figure>
        <Figure label={t("board.filled")} testId="board-total-filled">
          {formatMoney(totals.filledAmount)}
        </Figure>
        <Figure label={t("board.result")} testId="board-total-result" color={resultColor(result)}>
          {formatSigned(result)}
        </Figure>
      </SimpleGrid>
      <Text size="xs" c="dimmed" data-testid="board-total-split">
        {t("board.resultSplit", {
          realized: formatSigned(totals.realizedPnl),
          unrealized: formatSigned(totals.unrealizedPnl),
          missed: formatSigned(totals.missedWouldBe),
        })}
      </Text>
      {/* Screen readers hear each line as it changes, once, not the ticking countdown. */}
      <Box aria-live="polite" aria-relevant="text">
        <RowsTable
          items={recipients}
          columns={columns}
          rowKey={(r) =>
            r.userId}
          rowProps={(r) => ({ "data-testid": `board-line-${r.username}`, "data-state": r.state })}
          busy={busy}
          testId="board-lines"
          minWidth={720}
        />
      </Box>
      {recipients.length === 0 && <Text c="dimmed">{t("board.noRecipients")}</Text>}
    </Stack>
  );
}

function Figure({ label, testId, color, children }: {
  label: string;
  testId: string;
  color?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="xs">
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={700} c={color} data-testid={testId}>{children}</Text>
    </Paper>
  );
}

/** The board's load error, for both places it shows. */
export function BoardError({ error }: { error: string }) {
  return <Alert color="red" data-testid="board-error">{error}</Alert>;
}
