// Transaction rows as SQL text (server/db/raw-rows.ts): the list and create paths.
import { transactions } from "../db/schema.ts";
import { rawShape } from "../db/raw-rows.ts";

const shape = rawShape(transactions);

/** Each column's TypeScript name, database name and SQL type, in table order. */
export const COLUMNS = shape.columns;
/** `"transactions"."user_id" as "userId", ...`: rows come back under their TypeScript names. */
export const SELECT_COLUMNS = shape.select;
export const toRow = shape.read;
