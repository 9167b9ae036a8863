// /calls (Lead and above, docs/calls.md#call-board-and-history): every call with when, who, what,
// how many it reached, how many followed and how fast, what was filled and what it made, newest
// first; filters by Lead (Admins), date, target and pair. Each call opens its board (/calls/:id).
import { Anchor, NativeSelect, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { Link } from "wouter";
import type { CallHistoryItem } from "../../../server/calls/board.shared.ts";
import { CALL_TARGETS } from "../../../server/calls/target.shared.ts";
import { can } from "../../../server/auth/roles.shared.ts";
import { PAIRS } from "../../../server/exchanges/pairs.shared.ts";
import { combineMessages } from "../i18n/index.ts";
import { PairFilter } from "../reports/pair-filter.tsx";
import { RangeFilter } from "../reports/range-filter.tsx";
import { reportsMessages } from "../reports/messages.ts";
import { session } from "../session/store.ts";
import { formatDateTime } from "../transactions/format.ts";
import { ListPage } from "../ui/list-page.tsx";
import { PagedTable } from "../ui/paged-table.tsx";
import {
  formatMedianMs,
  formatMoney,
  formatShare,
  formatSigned,
  resultColor,
  targetLabel,
} from "../calls/board-format.ts";
import { boardMessages } from "../calls/board-messages.ts";
import { callsMessages } from "../calls/messages.ts";
import { fetchCallFigures } from "./api.ts";
import { callHistory } from "./store.ts";
import { callHistoryMessages } from "./messages.ts";

const messages = combineMessages(
  callHistoryMessages,
  boardMessages,
  callsMessages,
  reportsMessages,
);

const signed = (value: string) => (
  <Text span inherit c={resultColor(value)}>{formatSigned(value)}</Text>
);

export default function CallsPage() {
  const t = messages.useT();
  const snap = useSnapshot(callHistory.state);
  const { user } = useSnapshot(session);
  const all = !!user && can(user.role, "calls.viewAll");
  const [leads, setLeads] = useState<{ value: string; label: string }[]>([]);

  useEffect(() => {
    callHistory.setPage(1);
    // The Leads to filter by: whoever sent calls (the figures list them).
    if (all) {
      fetchCallFigures().then(
        (f) => setLeads(f.leads.map((l) => ({ value: String(l.userId), label: l.username }))),
        () => {},
      );
    }
  }, [all]);

  const when = (row: CallHistoryItem) => formatDateTime(new Date(row.createdAt).toISOString());

  return (
    <ListPage
      testId="calls"
      title={t("history.title")}
      boxed
      filters={
        <>
          {all && (
            <NativeSelect
              label={t("history.lead")}
              data={[{ value: "", label: t("history.allLeads") }, ...leads]}
              value={snap.filters.leadId}
              onChange={(e) => callHistory.setFilters({ leadId: e.currentTarget.value })}
              data-testid="calls-lead"
            />
          )}
          <RangeFilter
            list={callHistory}
            value={snap.filters.range}
            label={t("reports.dateRange")}
            placeholder={t("history.allTime")}
            miw={240}
            testId="calls-range"
          />
          <NativeSelect
            label={t("history.target")}
            data={[
              { value: "", label: t("history.allTargets") },
              ...CALL_TARGETS.map((value) => ({ value, label: t(`calls.target.${value}`) })),
              ...PAIRS.map((p) => ({ value: p.value, label: p.label })),
            ]}
            value={snap.filters.target}
            onChange={(e) => callHistory.setFilters({ target: e.currentTarget.value })}
            data-testid="calls-target"
          />
          <PairFilter
            value={snap.filters.pair}
            onChange={(e) => callHistory.setFilters({ pair: e.currentTarget.value })}
            data-testid="calls-pair"
          />
        </>
      }
      total={t("history.total", { count: snap.result.totalItems })}
    >
      <PagedTable
        table={snap}
        onPage={callHistory.setPage}
        testId="calls"
        minWidth={1000}
        empty={t("history.empty")}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ "data-testid": `call-row-${row.id}` })}
        columns={[
          {
            key: "time",
            header: t("history.time"),
            nowrap: true,
            cell: (row) => (
              <Anchor
                c="blue"
                component={Link}
                href={`/calls/${row.id}`}
                aria-label={t("history.openBoardOf", { time: when(row) })}
                data-testid="call-open"
              >
                {when(row)}
              </Anchor>
            ),
          },
          { key: "lead", header: t("history.lead"), cell: (row) => row.from },
          { key: "target", header: t("history.target"), cell: (row) => targetLabel(row.target, t) },
          {
            key: "recipients",
            header: t("history.recipients"),
            cell: (row) => row.recipients,
            align: "right",
          },
          {
            key: "followed",
            header: t("history.followed"),
            cell: (row) => formatShare(row.followed),
            align: "right",
          },
          {
            key: "reaction",
            header: t("history.medianReaction"),
            cell: (row) => formatMedianMs(row.medianReactionMs),
            align: "right",
            nowrap: true,
          },
          {
            key: "filled",
            header: t("history.filled"),
            cell: (row) => formatMoney(row.filledAmount),
            align: "right",
          },
          {
            key: "realized",
            header: t("history.realized"),
            cell: (row) => signed(row.realizedPnl),
            align: "right",
          },
          {
            key: "unrealized",
            header: t("history.unrealized"),
            cell: (row) => signed(row.unrealizedPnl),
            align: "right",
          },
          {
            key: "missed",
            header: t("history.missed"),
            cell: (row) => (Number(row.missedWouldBe) ? formatSigned(row.missedWouldBe) : ""),
            align: "right",
          },
        ]}
      />
    </ListPage>
  );
}
