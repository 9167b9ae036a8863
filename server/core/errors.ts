// One error type with a code; codes map to statuses in one place.
import {
  type CodedMessage,
  type MessageCode,
  type MessageParams,
  msg,
  type Said,
} from "./messages.shared.ts";

const STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof STATUS;

/**
 * `message` is a coded message (server/core/messages.shared.ts), so the client can word it in the user's
 * language, or plain English for the few that carry text from elsewhere (an exchange's answer).
 */
export class AppError extends Error {
  readonly messageCode?: MessageCode;
  readonly messageParams?: MessageParams;
  readonly messageLines?: Said[];
  constructor(
    readonly code: ErrorCode,
    message: string | CodedMessage,
    readonly field?: string,
    /** Seconds the client should wait before trying again (sent as Retry-After). */
    readonly retryAfterS?: number,
  ) {
    super(typeof message === "string" ? message : message.text);
    if (typeof message !== "string") {
      this.messageCode = message.code;
      this.messageParams = message.params;
      this.messageLines = message.lines;
    }
  }
  /** The message as `wrapping` takes it (server/core/messages.shared.ts). */
  get said() {
    return { text: this.message, code: this.messageCode, params: this.messageParams };
  }
  get status(): (typeof STATUS)[ErrorCode] {
    return STATUS[this.code];
  }
}

type Message = string | CodedMessage;

export const badRequest = (message: Message, field?: string) =>
  new AppError("BAD_REQUEST", message, field);
export const unauthorized = (message: Message = msg("api.unauthorized")) =>
  new AppError("UNAUTHORIZED", message);
export const forbidden = (message: Message = msg("api.forbidden")) =>
  new AppError("FORBIDDEN", message);
export const notFound = (message: Message = msg("api.notFoundPlain")) =>
  new AppError("NOT_FOUND", message);
export const conflict = (message: Message, field?: string) =>
  new AppError("CONFLICT", message, field);
