// A list the server pages: its filters, the page shown, the last answer, and whether a request is
// under way or failed. An area makes one with pagedList() in its store and shows it with
// <PagedTable> (paged-table.tsx).
import { proxy } from "valtio";
import { onSignOut } from "../session/store.ts";
import { errorText } from "./error-text.ts";

export const PAGE_SIZE = 10;

type PageQuery = { page: number; limit: number };

export function pagedList<F extends object, A extends object>(options: {
  filters: F;
  /** The answer shown before the first one arrives, and again after sign-out: a page of rows, or
   * several (the transaction groups). */
  empty: A;
  fetch: (query: F & PageQuery) => Promise<NoInfer<A>>;
  /** The message of a failed load, for an error the server did not word (worded when it fails). */
  failed: () => string;
}) {
  const initial = () => ({
    filters: { ...options.filters },
    page: 1,
    result: { ...options.empty },
    requesting: false,
    error: null as string | null,
  });
  const state = proxy(initial());
  let latest = 0;

  async function load() {
    const mine = ++latest;
    state.requesting = true;
    state.error = null;
    try {
      const result = await options.fetch({ ...state.filters, page: state.page, limit: PAGE_SIZE });
      // A slower earlier answer never overwrites a newer one.
      if (mine === latest) state.result = result;
    } catch (err) {
      if (mine === latest) state.error = errorText(err, options.failed());
    } finally {
      if (mine === latest) state.requesting = false;
    }
  }

  onSignOut(() => {
    latest++;
    Object.assign(state, initial());
  });

  return {
    state,
    load,
    /** New filters show their results from page 1. */
    setFilters(fields: Partial<F>) {
      Object.assign(state.filters, fields);
      state.page = 1;
      return load();
    },
    setPage(page: number) {
      state.page = page;
      return load();
    },
  };
}
