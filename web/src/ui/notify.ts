// Toasts: how long each kind stays, and which toasts a new one replaces. Where they show, and how
// many at once, is the layout's (src/layout/toast-stack.tsx).
import { notifications, notificationsStore } from "@mantine/notifications";

type Kind = "success" | "warning" | "error";

// A success is read at a glance; a warning or an error says what to do next.
const LOOK = {
  success: { color: "green", autoClose: 3000 },
  warning: { color: "yellow", autoClose: 6000 },
  error: { color: "red", autoClose: 8000 },
} as const;

/** What shows a toast of `kind`. */
const notifier = (kind: Kind) => (message: string, title?: string) => {
  // A success closes the successes and errors still shown: they were about earlier attempts, and
  // beside it they read as its outcome. Warnings (a pending order, a server stopping) stay.
  if (kind === "success") {
    notifications.updateState(
      notificationsStore,
      (shown) => shown.filter((n) => n["data-toast"] === "warning"),
    );
  }
  return notifications.show({ ...LOOK[kind], title, message, "data-toast": kind });
};

/** Closes a toast whose news is out of date. */
export const hideToast = (id: string) => notifications.hide(id);

export const notifySuccess = notifier("success");
export const notifyWarning = notifier("warning");
export const notifyError = notifier("error");

export { errorText } from "./error-text.ts";
