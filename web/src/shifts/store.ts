// The /shift table: the page of shifts the server returned.
import { proxy } from "valtio";
import type { ShiftView } from "../../../server/shifts/schema.ts";
import { translate } from "../i18n/index.ts";
import { onSignOut } from "../session/store.ts";
import { errorText } from "../ui/notify.ts";
import { listShifts } from "./api.ts";
import "./messages.ts";

export const PAGE_SIZE = 10;

const initial = () => ({
  page: 1,
  items: [] as ShiftView[],
  totalItems: 0,
  requesting: false,
  error: null as string | null,
});

export const shiftsTable = proxy(initial());

let latest = 0;

export async function loadShifts() {
  const mine = ++latest;
  shiftsTable.requesting = true;
  shiftsTable.error = null;
  try {
    const result = await listShifts(shiftsTable.page, PAGE_SIZE);
    if (mine !== latest) return;
    shiftsTable.items = result.items;
    shiftsTable.totalItems = result.totalItems;
  } catch (err) {
    if (mine === latest) shiftsTable.error = errorText(err, translate("shifts.loadFailed"));
  } finally {
    if (mine === latest) shiftsTable.requesting = false;
  }
}

export function setShiftsPage(page: number) {
  shiftsTable.page = page;
  return loadShifts();
}

onSignOut(() => Object.assign(shiftsTable, initial()));
