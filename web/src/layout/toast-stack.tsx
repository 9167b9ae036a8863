// What shows the toasts, loaded with the first (toasts.tsx). On a desk they stack at the bottom
// right. On a phone one shows at a time, across the top under the topbar and the call notice: never
// over BUY/SELL or a call, and off the bottom of the page, whose last rows cannot scroll out from
// under a toast. There it also closes on time whatever the pointer does: Mantine holds a hovered
// toast open, and a tap leaves a phone's pointer where it tapped.
import "@mantine/notifications/styles.css";
import "./toast-stack.css";
import { Notifications, notifications, useNotifications } from "@mantine/notifications";
import { useEffect, useRef } from "react";
import { useSnapshot } from "valtio";
import { layout } from "./view.ts";

export default function ToastStack() {
  const { mobile } = useSnapshot(layout);
  useDeadlines(mobile);
  return mobile
    ? <Notifications position="top-center" limit={1} className="gb-phone-toasts" />
    : <Notifications position="bottom-right" />;
}

/** While `on`, each toast shown is hidden once its autoClose has passed, hovered or not. */
function useDeadlines(on: boolean) {
  const shown = useNotifications().notifications;
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const ids = new Set(shown.map((n) => n.id));
    for (const [id, timer] of timers.current) {
      if (on && ids.has(id)) continue;
      clearTimeout(timer);
      timers.current.delete(id);
    }
    if (!on) return;
    for (const { id, autoClose } of shown) {
      if (!id || timers.current.has(id) || typeof autoClose !== "number") continue;
      timers.current.set(id, setTimeout(() => notifications.hide(id), autoClose));
    }
  }, [shown, on]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
}
