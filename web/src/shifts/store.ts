// The /shift table: the page of shifts the server returned.
import type { ShiftView } from "../../../server/shifts/schema.ts";
import { pagedList } from "../ui/paged-list.ts";
import { listShifts } from "./api.ts";
import { shiftsMessages } from "./messages.ts";

export const shifts = pagedList({
  filters: {},
  empty: { items: [] as ShiftView[], totalItems: 0 },
  fetch: ({ page, limit }) => listShifts(page, limit),
  failed: () => shiftsMessages.translate("shifts.loadFailed"),
});
