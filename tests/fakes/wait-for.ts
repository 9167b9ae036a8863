// Polls a condition that a real socket will make true shortly; fails fast with what was awaited.
import { until } from "../support/until.ts";

export const waitFor = (what: string, ok: () => boolean, timeoutMs = 3000) =>
  until(ok, timeoutMs, what, 5);
