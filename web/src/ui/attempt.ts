// A request the user started (a form's submit, a confirmation): how it went, as a toast.
import { useState } from "react";
import { errorText } from "./error-text.ts";
import { notifyError, notifySuccess } from "./notify.ts";

type Action = () => Promise<string | void>;

/**
 * Runs `action`: the message it resolves to is shown as a success; a failure shows the server's
 * words, or `failed` when it had none. Resolves true when the action succeeded.
 */
export async function attempt(action: Action, failed: string): Promise<boolean> {
  try {
    const done = await action();
    if (done) notifySuccess(done);
    return true;
  } catch (err) {
    notifyError(errorText(err, failed));
    return false;
  }
}

/**
 * `attempt`, with `busy` true while one runs (its button shows it is loading) and `onSuccess` called
 * after one succeeded (a modal closes).
 */
export function useAttempt(onSuccess?: () => void) {
  const [busy, setBusy] = useState(false);
  const run = async (action: Action, failed: string) => {
    setBusy(true);
    try {
      const done = await attempt(action, failed);
      if (done) onSuccess?.();
      return done;
    } finally {
      setBusy(false);
    }
  };
  return { busy, attempt: run };
}
