// What shows the toasts, loaded with the first (toasts.tsx).
import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";

export default function ToastStack() {
  return <Notifications position="bottom-right" />;
}
