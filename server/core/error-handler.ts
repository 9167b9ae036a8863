// Maps every thrown error to a response in one place. Only 5xx are logged with a stack.
import type { ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError } from "./errors.ts";

export const onError: ErrorHandler = (err, c) => {
  if (err instanceof AppError) {
    const message = err.messageIn(c.req.header("accept-language"));
    return c.json({ message, code: err.code, field: err.field }, err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    if (status >= 500) console.error(err);
    return c.json({ message: err.message || "Request failed" }, status);
  }
  if (err instanceof SyntaxError) {
    // A body that is not JSON never reaches the validators.
    return c.json({ message: "Malformed JSON body" }, 400);
  }
  console.error(err);
  return c.json({ message: "Internal Server Error" }, 500);
};
