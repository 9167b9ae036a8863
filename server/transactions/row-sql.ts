// Transaction rows as SQL text (server/db/raw-rows.ts): columns, the aliased select list and the
// row mapping, for the create path's insert and the list's JSON view.
import { transactions } from "../db/schema.ts";
import { rawShape } from "../db/raw-rows.ts";

export const transactionShape = rawShape(transactions);
