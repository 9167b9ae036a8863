// /audit (Admin and SuperAdmin): who did what to whom and when, newest first, in words, filtered
// by action, actor and date range.
import { NativeSelect } from "@mantine/core";
import { useEffect } from "react";
import { useSnapshot } from "valtio";
import { formatDateTime } from "../transactions/format.ts";
import { RangeFilter } from "../reports/range-filter.tsx";
import { ListPage } from "../ui/list-page.tsx";
import { PagedTable } from "../ui/paged-table.tsx";
import { SearchInput } from "../ui/search-input.tsx";
import { AUDIT_ACTIONS } from "./api.ts";
import { actionInWords, detailsInWords } from "./details.ts";
import { auditLog } from "./store.ts";
import { combineMessages } from "../i18n/index.ts";
import { auditMessages } from "./messages.ts";
import { auditWordsMessages } from "./words-messages.ts";

const messages = combineMessages(auditMessages, auditWordsMessages);

// Who acted is unknown on a signed-out request (a forgotten password); some entries have no target.
const NOBODY = "—";

export default function AuditPage() {
  const t = messages.useT();
  const table = useSnapshot(auditLog.state);

  useEffect(() => {
    auditLog.load();
  }, []);

  return (
    <ListPage
      testId="audit"
      title={t("audit.title")}
      filters={
        <>
          <NativeSelect
            label={t("audit.action")}
            data={[
              { value: "", label: t("audit.allActions") },
              ...AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit.act.${a}`) })),
            ]}
            value={table.filters.action}
            onChange={(e) => auditLog.setFilters({ action: e.currentTarget.value })}
            data-testid="audit-action-filter"
          />
          <SearchInput
            label={t("audit.actorFilter")}
            placeholder={t("audit.actorPlaceholder")}
            value={table.filters.actor}
            onSearch={(actor) => auditLog.setFilters({ actor })}
            data-testid="audit-actor-filter"
          />
          <RangeFilter
            list={auditLog}
            value={table.filters.range}
            label={t("audit.dateRange")}
            placeholder={t("audit.allTime")}
            miw={220}
            testId="audit-range"
          />
        </>
      }
      total={t("audit.total", { count: table.result.totalItems })}
    >
      <PagedTable
        table={table}
        onPage={auditLog.setPage}
        testId="audit"
        minWidth={720}
        empty={t("audit.empty")}
        rowKey={(entry) => entry.id}
        rowProps={(entry) => ({ "data-testid": `audit-row-${entry.id}` })}
        columns={[
          {
            key: "time",
            header: t("audit.time"),
            cell: (entry) => formatDateTime(entry.at),
            nowrap: true,
          },
          { key: "actor", header: t("audit.actor"), cell: (e) => e.actorUsername ?? NOBODY },
          {
            key: "action",
            header: t("audit.action"),
            cell: (e) => <span data-action={e.action}>{actionInWords(e.action, t)}</span>,
          },
          { key: "target", header: t("audit.target"), cell: (e) => e.targetUsername ?? NOBODY },
          { key: "details", header: t("audit.details"), cell: (e) => detailsInWords(e.details, t) },
        ]}
      />
    </ListPage>
  );
}
