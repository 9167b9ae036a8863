import { notifications } from "@mantine/notifications";

export const notifySuccess = (message: string, title?: string) =>
  notifications.show({ color: "green", title, message });

export const notifyError = (message: string, title?: string) =>
  notifications.show({ color: "red", title, message });

export const notifyWarning = (message: string, title?: string) =>
  notifications.show({ color: "yellow", title, message });

export { errorText } from "./error-text.ts";
