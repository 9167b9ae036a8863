// The shift calls (ours, documented in server/shifts/README.md) and the user list for the form.
import { api } from "../api/http.ts";
import type { PublicUser } from "../session/store.ts";
import type { ShiftCreateInput, ShiftView } from "../../../server/shifts/schema.ts";

export const listShifts = (page: number, limit: number) =>
  api<{ items: ShiftView[]; totalItems: number }>("GET", "/shifts", { query: { page, limit } });

export const createShift = (body: ShiftCreateInput) => api<ShiftView>("POST", "/shifts", { body });

export const updateShift = (id: number, body: ShiftCreateInput) =>
  api<ShiftView>("PATCH", `/shifts/${id}`, { body });

export const deleteShift = (id: number) => api<{ id: number }>("DELETE", `/shifts/${id}`);

export const listAllUsers = () => api<PublicUser[]>("GET", "/users/all");
