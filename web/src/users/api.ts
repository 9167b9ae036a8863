// The staff-management calls (docs/api.md#users).
import { api } from "../api/http.ts";
import type { PublicUser } from "../session/store.ts";
import type { Role } from "../../../server/auth/roles.shared.ts";
import type { NewUserInput, UpdateUserInput } from "../../../server/users/schema.ts";
import type { CoinFunds } from "../../../server/transactions/view.ts";

/** What a search returns: the public user for Admins; id, username and role for a Lead. */
export type ListedUser = Pick<PublicUser, "id" | "username" | "role"> & Partial<PublicUser>;

export interface UserQuery {
  username?: string;
  role?: Role | "";
  page: number;
  limit: number;
}

export const searchUsers = (query: UserQuery) =>
  api<{ items: ListedUser[]; totalItems: number }>("GET", "/users/search", { query: { ...query } });

export const registerUser = (body: NewUserInput) =>
  api<PublicUser>("POST", "/users/register", { body });

export const changeRole = (id: number, role: Role) =>
  api<PublicUser>("POST", `/users/${id}/change-role`, { body: { role } });

export const deleteUser = (id: number) =>
  api<{ id: number; message: string }>("DELETE", `/users/${id}`);

export const adminChangePassword = (userId: number, newPassword: string) =>
  api<{ message: string }>("POST", "/users/admin-change-user-password", {
    body: { userId, newPassword },
  });

export const updateUserRequest = (id: number, body: UpdateUserInput) =>
  api<PublicUser>("PATCH", `/users/${id}`, { body });

export const readCoinFunds = (id: number) => api<CoinFunds>("GET", `/users/${id}/coin-funds`);
