// The /manage-users table: filters, page and the rows the server returned.
import type { Role } from "../../../server/auth/roles.shared.ts";
import { pagedList } from "../ui/paged-list.ts";
import { type ListedUser, searchUsers } from "./api.ts";
import { usersMessages } from "./messages.ts";

export const users = pagedList({
  filters: { username: "", role: "" as Role | "" },
  empty: { items: [] as ListedUser[], totalItems: 0 },
  fetch: searchUsers,
  failed: () => usersMessages.translate("users.loadFailed"),
});

/** True while the page shows the table, so changes made elsewhere refresh it. */
let shown = false;

/** Reloads the table after a change, when it is on screen. */
export function refreshUsers() {
  if (shown) users.load();
}

/** The page calls this from an effect: it shows page 1; the cleanup marks the table hidden. */
export function showUsersTable() {
  shown = true;
  users.setPage(1);
  return () => {
    shown = false;
  };
}
