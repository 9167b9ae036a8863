// Shift input rules, shared by the server routes and the client's shift form: no server-only
// imports here.
import { z } from "zod";
import { SERVER_MESSAGES } from "../core/messages.shared.ts";
import { idField, idParam, pageShape, timeMsField } from "../core/input-rules.ts";

/** Epoch milliseconds, or an ISO date-time the client's date picker may send. */
export const instantField = z.union([
  timeMsField(SERVER_MESSAGES["input.timeMsOrIso"]),
  z.iso.datetime({ offset: true }).transform((s) => Date.parse(s)),
], { error: SERVER_MESSAGES["input.timeMsOrIso"] });

export const intervalField = z.number({ error: "Required" }).int(
  SERVER_MESSAGES["input.wholeHours"],
)
  .min(0, SERVER_MESSAGES["input.hours24"])
  .max(24, SERVER_MESSAGES["input.hours24"]);

export const shiftUsersField = z.array(idField).max(500)
  .transform((ids) => [...new Set(ids)]);

/** The viewer's offset east of UTC in minutes (the negated Date#getTimezoneOffset()). */
export const tzOffsetField = z.number().int().min(-840).max(840).default(0);

export const shiftCreateSchema = z.object({
  timeStart: instantField,
  interval: intervalField,
  users: shiftUsersField.default([]),
  tzOffset: tzOffsetField,
});

export const shiftUpdateSchema = z.object({
  timeStart: instantField.optional(),
  interval: intervalField.optional(),
  users: shiftUsersField.optional(),
  tzOffset: tzOffsetField,
});

export const shiftListQuerySchema = z.object({
  ...pageShape,
});

export const shiftIdParamSchema = z.object({ id: idParam });

export type ShiftCreateInput = z.input<typeof shiftCreateSchema>;
export type ShiftUpdateInput = z.input<typeof shiftUpdateSchema>;

/** A shift as the API returns it. */
export interface ShiftView {
  id: number;
  timeStart: string;
  timeEnd: string;
  interval: number;
  users: { id: number; username: string }[];
  createdBy: number | null;
  createdAt: string;
}

// What the routes answer: ShiftView above.
export const shiftViewSchema = z.object({
  id: z.number().int(),
  timeStart: z.iso.datetime(),
  timeEnd: z.iso.datetime(),
  interval: z.number(),
  users: z.array(z.object({ id: z.number().int(), username: z.string() })),
  createdBy: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
});

export const shiftListSchema = z.object({
  items: z.array(shiftViewSchema),
  totalItems: z.number().int(),
});
