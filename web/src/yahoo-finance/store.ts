// The price-history page's state. The form and the highlighted row live in session storage, so a
// user who leaves the page and comes back (or reloads) finds the same range, bars and highlight.
import { proxy } from "valtio";
import { z } from "zod";
import {
  type ChartSource,
  type Interval,
  INTERVALS,
  type Quote,
} from "../../../server/yahoo-finance/schema.ts";
import { onSignOut } from "../session/store.ts";
import { fetchChart } from "./api.ts";
import { DEFAULT_INTERVAL, DEFAULT_SERIES, PAGE_SIZE, SERIES, type SeriesKey } from "./options.ts";

const FORM_KEY = "gatebot.yahoo.form";
const HIGHLIGHT_KEY = "gatebot.yahoo.highlight";

// What session storage holds is checked: an older or edited entry is the same as none.
const formSchema = z.object({
  range: z.tuple([z.string().nullable(), z.string().nullable()]),
  interval: z.enum(INTERVALS),
  series: z.array(z.enum(SERIES.map((s) => s.key) as [SeriesKey, ...SeriesKey[]])),
});
export type YahooForm = z.infer<typeof formSchema>;

const blankForm = (): YahooForm => ({
  range: [null, null],
  interval: DEFAULT_INTERVAL,
  series: [...DEFAULT_SERIES],
});

function savedForm(): YahooForm | null {
  try {
    return formSchema.parse(JSON.parse(sessionStorage.getItem(FORM_KEY) ?? "null"));
  } catch {
    return null;
  }
}

export const yahoo = proxy({
  form: savedForm() ?? blankForm(),
  /** Oldest first, as the chart draws them; the table reverses. */
  quotes: [] as Quote[],
  source: null as ChartSource | null,
  /** The interval the shown quotes were fetched with. */
  shownInterval: DEFAULT_INTERVAL as Interval,
  requesting: false,
  error: null as string | null,
  /** The highlighted row's key: its bar time (ISO). */
  highlight: sessionStorage.getItem(HIGHLIGHT_KEY),
  /** 1-based table page. */
  page: 1,
});

// The next user of this browser starts from a blank page.
onSignOut(() => {
  sessionStorage.removeItem(FORM_KEY);
  sessionStorage.removeItem(HIGHLIGHT_KEY);
  Object.assign(yahoo, {
    form: blankForm(),
    quotes: [],
    source: null,
    requesting: false,
    error: null,
    highlight: null,
    page: 1,
  });
});

export function setForm(patch: Partial<YahooForm>) {
  Object.assign(yahoo.form, patch);
  sessionStorage.setItem(FORM_KEY, JSON.stringify(yahoo.form));
}

/** Rows of the table: newest first. */
export const newestFirst = (quotes: readonly Quote[]) => [...quotes].reverse();

/** The table page showing `key`, or null when no row has it. */
export function pageOf(quotes: readonly Quote[], key: string | null): number | null {
  const i = key === null ? -1 : quotes.findIndex((q) => q.date === key);
  return i < 0 ? null : Math.floor((quotes.length - 1 - i) / PAGE_SIZE) + 1;
}

export function setPage(page: number) {
  yahoo.page = page;
}

/** Highlights the row of the chart point at `index` (oldest first) and turns to its page. */
export function highlightPoint(index: number) {
  const quote = yahoo.quotes[index];
  if (!quote) return;
  yahoo.highlight = quote.date;
  sessionStorage.setItem(HIGHLIGHT_KEY, quote.date);
  yahoo.page = pageOf(yahoo.quotes, quote.date) ?? 1;
}

/** Fetches the bars of `period` at the form's interval; false (error kept) when that fails. */
export async function fetchQuotes(period: { period1: number; period2: number }) {
  const interval = yahoo.form.interval;
  yahoo.requesting = true;
  yahoo.error = null;
  try {
    const answer = await fetchChart({ symbol: "BTC-USD", interval, ...period });
    yahoo.quotes = answer.quotes;
    yahoo.source = answer.source;
    yahoo.shownInterval = interval;
    // A restored highlight keeps its page; otherwise start at the newest rows.
    yahoo.page = pageOf(answer.quotes, yahoo.highlight) ?? 1;
    return true;
  } catch (err) {
    yahoo.error = err instanceof Error ? err.message : String(err);
    return false;
  } finally {
    yahoo.requesting = false;
  }
}
