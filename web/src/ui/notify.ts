import { notifications } from "@mantine/notifications";

export const notifySuccess = (message: string, title?: string) =>
  notifications.show({ color: "green", title, message });

export const notifyError = (message: string, title?: string) =>
  notifications.show({ color: "red", title, message });

export const notifyWarning = (message: string, title?: string) =>
  notifications.show({ color: "yellow", title, message });

/** An error's text for the user: the server's message when there is one. */
export const errorText = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : fallback;
