// The users page's call figures (Lead and above; the server keeps a Lead to their own line and
// their group's users): per User, calls received, followed, median reaction and result from calls;
// per Lead, calls sent, followed and the desk's result on them. Its own range picker.
import { Alert, Card, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { type Snapshot, useSnapshot } from "valtio";
import type { LeadCallFigures, UserCallFigures } from "../../../server/calls/board.shared.ts";
import { combineMessages } from "../i18n/index.ts";
import { RangeFilter } from "../reports/range-filter.tsx";
import { reportsMessages } from "../reports/messages.ts";
import { RowsTable } from "../ui/paged-table.tsx";
import { formatMedianMs, formatShare, formatSigned, resultColor } from "../calls/board-format.ts";
import { callFigures } from "./figures-store.ts";
import { callHistoryMessages } from "./messages.ts";

const messages = combineMessages(callHistoryMessages, reportsMessages);

const share = (value: number | null) => (value === null ? "" : formatShare(value));
const signed = (value: string) => (
  <Text span inherit c={resultColor(value)}>{formatSigned(value)}</Text>
);

export function CallFiguresPanel() {
  const t = messages.useT();
  const snap = useSnapshot(callFigures.state);
  useEffect(() => void callFigures.load(), []);
  const { users, leads } = snap.figures;
  return (
    <Card withBorder component="section" aria-labelledby="call-figures-title">
      <Stack>
        <Title order={2} size="h4" id="call-figures-title">{t("figures.title")}</Title>
        <RangeFilter
          list={callFigures}
          value={snap.filters.range}
          label={t("figures.period")}
          placeholder={t("history.allTime")}
          miw={240}
          testId="call-figures-range"
        />
        {snap.error && <Alert color="red">{snap.error}</Alert>}
        <Title order={3} size="h5">{t("figures.leads")}</Title>
        <RowsTable<Snapshot<LeadCallFigures>>
          items={leads}
          rowKey={(row) => row.userId}
          rowProps={(row) => ({ "data-testid": `lead-figures-${row.username}` })}
          busy={snap.requesting}
          testId="lead-figures"
          minWidth={520}
          columns={[
            { key: "username", header: t("figures.username"), cell: (r) => r.username },
            { key: "sent", header: t("figures.sent"), cell: (r) => r.sent, align: "right" },
            {
              key: "followed",
              header: t("figures.followed"),
              cell: (r) => share(r.followed),
              align: "right",
            },
            {
              key: "desk",
              header: t("figures.deskResult"),
              cell: (r) => signed(r.deskResult),
              align: "right",
            },
          ]}
        />
        <Title order={3} size="h5">{t("figures.users")}</Title>
        <RowsTable<Snapshot<UserCallFigures>>
          items={users}
          rowKey={(row) => row.userId}
          rowProps={(row) => ({ "data-testid": `user-figures-${row.username}` })}
          busy={snap.requesting}
          testId="user-figures"
          minWidth={620}
          columns={[
            { key: "username", header: t("figures.username"), cell: (r) => r.username },
            {
              key: "received",
              header: t("figures.received"),
              cell: (r) => r.received,
              align: "right",
            },
            {
              key: "followed",
              header: t("figures.followed"),
              cell: (r) => share(r.followed),
              align: "right",
            },
            {
              key: "reaction",
              header: t("figures.medianReaction"),
              cell: (r) => formatMedianMs(r.medianReactionMs),
              align: "right",
            },
            {
              key: "result",
              header: t("figures.result"),
              cell: (r) => signed(r.result),
              align: "right",
            },
          ]}
        />
        {!snap.requesting && !users.length && !leads.length && (
          <Text c="dimmed">{t("figures.none")}</Text>
        )}
      </Stack>
    </Card>
  );
}
