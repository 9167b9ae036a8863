// docs/api.md#transactions (the CSV reports are a later issue's).
import { Hono } from "hono";
import { requireAuthAndPermission } from "../auth/middleware.ts";
import type { AppEnv } from "../auth/env.ts";
import { forbidden } from "../core/errors.ts";
import { validate } from "../core/validate.ts";
import { responds } from "../core/route-meta.ts";
import type { Deps } from "../deps.ts";
import { findTarget } from "../auth/guards.ts";
import { can } from "../auth/roles.shared.ts";
import { buyToSell, deleteTransaction, setDone, setStatus, updateTransaction } from "./actions.ts";
import { transactionAverages } from "./avg.ts";
import { createTransaction } from "./create.ts";
import { generateDone } from "./generate-done.ts";
import { idempotent } from "../idempotency/middleware.ts";
import { createdAnswer } from "./idempotent-answer.ts";
import { listTransactionsJson } from "./list.ts";
import { livePrices } from "./pnl.ts";
import {
  averagesSchema,
  createAnswerSchema,
  createTransactionSchema,
  filterQuerySchema,
  generateDoneAnswerSchema,
  generateDoneSchema,
  idParamSchema,
  listQuerySchema,
  setDoneAnswerSchema,
  setDoneSchema,
  setStatusParamSchema,
  transactionDeletedSchema,
  transactionListSchema,
  transactionViewSchema,
  updateTransactionSchema,
} from "./schema.ts";
import { msg } from "../core/messages.shared.ts";

export function transactionRoutes(deps: Deps) {
  // Per route, not a /transaction/* wildcard: the CSV report routes beside these do their own.
  const auth = requireAuthAndPermission(deps, "dashboard.view");
  const once = idempotent(deps, createdAnswer);
  const missing = "No such transaction (or not the caller's)";
  const row = responds({
    200: transactionViewSchema,
    404: missing,
    409: "The row cannot change now",
  });
  // An Idempotency-Key reused: another body (422), or the first still running (409).
  const keyed = {
    409: "The first request with this Idempotency-Key is still running",
    422: "This Idempotency-Key came with another body",
  };
  return new Hono<AppEnv>()
    .get(
      "/transaction",
      responds({ 200: transactionListSchema }),
      auth,
      validate("query", listQuerySchema),
      async (c) => {
        const body = await listTransactionsJson(
          deps.database,
          c.get("user"),
          c.req.valid("query"),
          livePrices(deps.market),
        );
        return c.body(body, 200, { "content-type": "application/json" });
      },
    )
    .post(
      "/transaction",
      responds({
        200: createAnswerSchema,
        201: createAnswerSchema,
        202: createAnswerSchema,
        ...keyed,
        502: "The exchange refused or failed the order",
      }),
      auth,
      once,
      validate("json", createTransactionSchema),
      async (c) => {
        const result = await createTransaction(
          deps,
          c.get("user"),
          c.req.valid("json"),
          c.get("idempotencyKey"),
        );
        // 202: the order's outcome is not known yet; the row is pending (open.ts, resolver.ts).
        return c.json(result, result.isFluctuating ? 200 : result.pending ? 202 : 201);
      },
    )
    .get(
      "/transaction/avg",
      responds({ 200: averagesSchema }),
      auth,
      validate("query", filterQuerySchema),
      async (c) => {
        return c.json(await transactionAverages(deps.db, c.get("user"), c.req.valid("query")));
      },
    )
    .post(
      "/transaction/generate-done",
      responds({
        200: generateDoneAnswerSchema,
        201: generateDoneAnswerSchema,
        404: "No such user",
        ...keyed,
      }),
      auth,
      once,
      validate("json", generateDoneSchema),
      async (c) => {
        const user = c.get("user");
        const input = c.req.valid("json");
        let owner = user;
        if (input.userId !== user.id) {
          if (!can(user.role, "transactions.editAll")) {
            throw forbidden(msg("transactions.generateOwnOnly"));
          }
          owner = await findTarget(deps.db, input.userId);
        }
        const result = await generateDone(deps, owner, input);
        return c.json(result, result.created ? 201 : 200);
      },
    )
    .patch(
      "/transaction/set-done",
      responds({ 200: setDoneAnswerSchema }),
      auth,
      validate("json", setDoneSchema),
      async (c) => {
        return c.json(await setDone(deps, c.get("user"), c.req.valid("json").ids));
      },
    )
    .delete(
      "/transaction/:id{[0-9]+}",
      responds({ 200: transactionDeletedSchema, 404: missing, 409: "The row cannot change now" }),
      auth,
      validate("param", idParamSchema),
      async (c) => {
        return c.json(await deleteTransaction(deps, c.get("user"), c.req.valid("param").id));
      },
    )
    .patch(
      "/transaction/:id{[0-9]+}/set-status/:status",
      row,
      auth,
      validate("param", setStatusParamSchema),
      async (c) => {
        const { id, status } = c.req.valid("param");
        return c.json(await setStatus(deps, c.get("user"), id, status));
      },
    )
    .post(
      "/transaction/:id{[0-9]+}/buy-to-sell",
      row,
      auth,
      validate("param", idParamSchema),
      async (c) => {
        return c.json(await buyToSell(deps, c.get("user"), c.req.valid("param").id));
      },
    )
    .patch(
      "/transaction/:id{[0-9]+}",
      row,
      auth,
      validate("param", idParamSchema),
      validate("json", updateTransactionSchema),
      async (c) => {
        const { id } = c.req.valid("param");
        return c.json(await updateTransaction(deps, c.get("user"), id, c.req.valid("json")));
      },
    );
}
