// One error type with a code; codes map to statuses in one place.
const STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof STATUS;

export class AppError extends Error {
  constructor(readonly code: ErrorCode, message: string, readonly field?: string) {
    super(message);
  }
  get status(): (typeof STATUS)[ErrorCode] {
    return STATUS[this.code];
  }
  /** The message in the caller's language (Accept-Language); errors that know only English say it. */
  messageIn(_acceptLanguage?: string): string {
    return this.message;
  }
}

export const badRequest = (message: string, field?: string) =>
  new AppError("BAD_REQUEST", message, field);
export const unauthorized = (message = "Unauthorized") => new AppError("UNAUTHORIZED", message);
export const forbidden = (message = "Forbidden") => new AppError("FORBIDDEN", message);
export const notFound = (message = "Not found") => new AppError("NOT_FOUND", message);
export const conflict = (message: string, field?: string) =>
  new AppError("CONFLICT", message, field);
