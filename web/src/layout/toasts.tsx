// Toasts (src/ui/notify.ts). Mantine's notifications store is a few hundred bytes; the component
// that shows them, with its transitions, ~8 KB compressed: it loads with the first toast, which
// the store keeps until it is shown.
import { useNotifications } from "@mantine/notifications";
import { lazy, Suspense, useState } from "react";

const ToastStack = lazy(() => import("./toast-stack.tsx"));

export function Toasts() {
  const { notifications } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (notifications.length > 0 && !wanted) setWanted(true);
  return wanted && (
    <Suspense fallback={null}>
      <ToastStack />
    </Suspense>
  );
}
