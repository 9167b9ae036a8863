// The /manage-users table: filters, page and the rows the server returned.
import { proxy } from "valtio";
import type { Role } from "../../../server/users/roles.ts";
import { onSignOut } from "../session/store.ts";
import { translate } from "../i18n/index.ts";
import { errorText } from "../ui/notify.ts";
import { type ListedUser, searchUsers } from "./api.ts";
import "./messages.ts";

export const PAGE_SIZE = 10;

const initial = () => ({
  username: "",
  role: "" as Role | "",
  page: 1,
  items: [] as ListedUser[],
  totalItems: 0,
  requesting: false,
  error: null as string | null,
  /** True while the page shows the table, so changes made elsewhere refresh it. */
  shown: false,
});

export const usersTable = proxy(initial());

let latest = 0;

export async function loadUsers() {
  const mine = ++latest;
  usersTable.requesting = true;
  usersTable.error = null;
  try {
    const { username, role, page } = usersTable;
    const result = await searchUsers({ username, role, page, limit: PAGE_SIZE });
    // A slower earlier answer never overwrites a newer one.
    if (mine !== latest) return;
    usersTable.items = result.items;
    usersTable.totalItems = result.totalItems;
  } catch (err) {
    if (mine === latest) usersTable.error = errorText(err, translate("users.loadFailed"));
  } finally {
    if (mine === latest) usersTable.requesting = false;
  }
}

export function setFilter(fields: { username?: string; role?: Role | "" }) {
  Object.assign(usersTable, fields, { page: 1 });
  return loadUsers();
}

export function setPage(page: number) {
  usersTable.page = page;
  return loadUsers();
}

/** Reloads the table after a change, when it is on screen. */
export function refreshUsers() {
  if (usersTable.shown) loadUsers();
}

/** The page calls this from an effect; the cleanup marks the table hidden. */
export function showUsersTable() {
  usersTable.shown = true;
  return () => {
    usersTable.shown = false;
  };
}

onSignOut(() => Object.assign(usersTable, initial()));
