// The one API client: JSON in and out, the bearer token, server messages as errors, 401 → logout.
import { answerText } from "../errors/server-messages.ts";
import { session, sessionEnded } from "../session/store.ts";
import { reachable } from "./network.ts";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    /** The server message's stable code (server/core/messages.shared.ts), when it has one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  body?: unknown;
  query?: Query;
  /** A token other than the session's (the enrolment step of sign-in). */
  token?: string;
  signal?: AbortSignal;
  /** Sent as Idempotency-Key: the server answers a repeat with the first answer. */
  idempotencyKey?: string;
}

export function apiUrl(path: string, query?: Query) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== "") params.set(k, String(v));
  }
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ""}`;
}

/**
 * The server's message: by its code in the user's language; else its text (a string, or the first
 * of a list).
 */
function messageOf(body: unknown, fallback: string): string {
  const worded = answerText(body);
  if (worded !== undefined) return worded;
  const m = (body as { message?: unknown } | null)?.message;
  if (Array.isArray(m) && typeof m[0] === "string") return m[0];
  return typeof m === "string" && m ? m : fallback;
}

export async function request(method: string, path: string, opts: RequestOptions = {}) {
  const headers: Record<string, string> = {};
  const token = opts.token ?? session.token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.idempotencyKey) headers["idempotency-key"] = opts.idempotencyKey;
  const res = await fetch(apiUrl(path, opts.query), {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
  }).catch((err) => {
    if (!opts.signal?.aborted) reachable(false);
    throw err;
  });
  reachable(true);
  if (res.ok) return res;
  const body = await res.json().catch(() => null);
  // The session the request was sent with ended (unless its token was replaced meanwhile).
  if (res.status === 401 && !opts.token && token) void sessionEnded(token);
  throw new ApiError(res.status, messageOf(body, res.statusText), body?.field, body?.code);
}

export async function api<T>(method: string, path: string, opts?: RequestOptions): Promise<T> {
  const res = await request(method, path, opts);
  return await res.json() as T;
}

/** A fresh Idempotency-Key (crypto.randomUUID needs a secure context; this does not). */
export function newIdempotencyKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

const ORDER_TRIES = 4;

/**
 * An order: one Idempotency-Key for every try, resent after a network error, a 503 (the server
 * could not serve) or a 409 saying the first try still runs, so a retry never places it twice.
 */
export async function orderApi<T>(
  method: string,
  path: string,
  opts: RequestOptions = {},
  pause = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  const idempotencyKey = newIdempotencyKey();
  for (let attempt = 1;; attempt++) {
    try {
      return await api<T>(method, path, { ...opts, idempotencyKey });
    } catch (err) {
      const retry = err instanceof TypeError ||
        (err instanceof ApiError && (err.status === 503 || err.code === "idempotency.running"));
      if (!retry || attempt >= ORDER_TRIES) throw err;
      await pause(500 * 2 ** (attempt - 1));
    }
  }
}

/**
 * Downloads a file the server streams, reporting bytes received, and saves it under `filename`.
 */
export async function download(
  method: string,
  path: string,
  filename: string,
  opts: RequestOptions & { onProgress?: (bytes: number) => void } = {},
) {
  const res = await request(method, path, opts);
  const reader = res.body!.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    opts.onProgress?.(received);
  }
  const blob = new Blob(chunks, { type: res.headers.get("content-type") ?? "text/csv" });
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement("a"), { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
