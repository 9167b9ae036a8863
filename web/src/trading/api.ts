// The trading call (docs/api.md#transactions): POST /transaction.
import type { CreateResult } from "../../../server/transactions/view.ts";
import { orderApi } from "../api/http.ts";
import type { OrderPayload } from "./order.ts";

export const createTransactionRequest = (body: OrderPayload) =>
  orderApi<CreateResult>("POST", "/transaction", { body });
