// /calls: the filters picked, the page shown and the calls the server returned.
import type { CallHistoryItem } from "../../../server/calls/board.shared.ts";
import { type DayRange, dayRangeMs } from "../reports/range.ts";
import { pagedList } from "../ui/paged-list.ts";
import { listCalls } from "./api.ts";
import { callHistoryMessages } from "./messages.ts";

export const callHistory = pagedList({
  filters: { range: [null, null] as DayRange, leadId: "", target: "", pair: "" },
  empty: { items: [] as CallHistoryItem[], totalItems: 0 },
  fetch: ({ range, leadId, target, pair, page, limit }) =>
    listCalls({
      ...dayRangeMs(range),
      leadId: leadId ? Number(leadId) : undefined,
      target: target || undefined,
      pair: pair || undefined,
      page,
      limit,
    }),
  failed: () => callHistoryMessages.translate("history.loadFailed"),
});
