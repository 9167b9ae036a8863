// The call figures the users page shows (GET /calls/figures), for the range picked.
import { proxy } from "valtio";
import type { CallFigures } from "../../../server/calls/board.shared.ts";
import { type DayRange, dayRangeMs } from "../reports/range.ts";
import { onSignOut } from "../session/store.ts";
import { errorText } from "../ui/error-text.ts";
import { fetchCallFigures } from "./api.ts";
import { callHistoryMessages } from "./messages.ts";

const initial = () => ({
  filters: { range: [null, null] as DayRange },
  figures: { users: [], leads: [] } as CallFigures,
  requesting: false,
  error: null as string | null,
});

let latest = 0;

export const callFigures = {
  state: proxy(initial()),
  async load() {
    const mine = ++latest;
    const state = callFigures.state;
    state.requesting = true;
    state.error = null;
    try {
      const figures = await fetchCallFigures(dayRangeMs(state.filters.range) ?? {});
      if (mine === latest) state.figures = figures;
    } catch (err) {
      if (mine === latest) {
        state.error = errorText(err, callHistoryMessages.translate("figures.loadFailed"));
      }
    } finally {
      if (mine === latest) state.requesting = false;
    }
  },
  setFilters(fields: { range: DayRange }) {
    Object.assign(callFigures.state.filters, fields);
    return callFigures.load();
  },
};

onSignOut(() => {
  latest++;
  Object.assign(callFigures.state, initial());
});
