// Work a route starts after its answer has gone (so the answer's time does not depend on it).
// Kept track of, so whoever closes the database first lets it finish.
import { logError } from "./log-error.ts";

const pending = new Set<Promise<void>>();

export function afterAnswer(what: string, work: () => Promise<unknown>) {
  const done: Promise<void> = work().then(() => {}, (err) => logError(what, err))
    .finally(() => pending.delete(done));
  pending.add(done);
}

/** Resolves once every piece of work started so far has finished. */
export async function afterAnswerSettled() {
  while (pending.size) await Promise.all(pending);
}
