// What a call and a failed bot order show: the '{from} CALLING' notice (with 'ENTER TRADING INFO
// INTO SHEET.' for RING_ONLY) while the ring loops, which tells the caller's board it was seen; the
// caller's (and Admins') floating call board; and the BUY_ERROR / SELL_ERROR dialog.
import { Notification, Portal } from "@mantine/core";
import { lazy, Suspense, useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { dismissNotice } from "./actions.ts";
import { CALL_NOTICE_Z } from "../ui/layers.ts";
import { NoticeBody } from "./notice-body.tsx";
import { calls } from "./store.ts";
import { board } from "./board-store.ts";
import { markSeen } from "./board-api.ts";
import { callsMessages } from "./messages.ts";

const TradeErrorDialog = lazy(() => import("./trade-error-dialog.tsx"));
const BoardPanel = lazy(() => import("./board-panel.tsx"));

export function CallAlerts() {
  const t = callsMessages.useT();
  const { notice, ringing, tradeError } = useSnapshot(calls);
  const { floating } = useSnapshot(board);
  const seenCall = notice?.callId;
  // The caller's board shows when this notice reached its reader's screen; a lost report only
  // leaves the line at "notified".
  useEffect(() => {
    if (seenCall) markSeen(seenCall).catch(() => {});
  }, [seenCall]);
  // Once shown the dialog stays mounted, so that its closing returns focus (Mantine's Modal does
  // on a change of opened, not on unmount).
  const [errorShown, setErrorShown] = useState(false);
  if (tradeError && !errorShown) setErrorShown(true);
  return (
    <>
      {notice && (
        <Portal>
          <Notification
            color="yellow"
            title={t("calls.calling", { from: notice.from })}
            onClose={dismissNotice}
            closeButtonProps={{ "aria-label": t("calls.close") }}
            withBorder
            data-testid="call-notice"
            ref={publishBottom}
            data-ringing={ringing || undefined}
            style={{
              position: "fixed",
              top: 80,
              left: "50%",
              transform: "translateX(-50%)",
              zIndex: CALL_NOTICE_Z,
              minWidth: 280,
            }}
          >
            <NoticeBody notice={notice} />
          </Notification>
        </Portal>
      )}
      {floating && (
        <Suspense fallback={null}>
          <BoardPanel />
        </Suspense>
      )}
      {errorShown && (
        <Suspense fallback={null}>
          <TradeErrorDialog />
        </Suspense>
      )}
    </>
  );
}

/**
 * Where the notice ends, as a CSS variable on the page: a phone's toasts show below it
 * (src/layout/toast-stack.css), not over the call.
 */
function publishBottom(el: HTMLDivElement | null) {
  if (!el) return;
  const root = document.documentElement.style;
  const observer = new ResizeObserver(() => {
    root.setProperty(NOTICE_BOTTOM, `${Math.ceil(el.getBoundingClientRect().bottom)}px`);
  });
  observer.observe(el);
  return () => {
    observer.disconnect();
    root.removeProperty(NOTICE_BOTTOM);
  };
}

const NOTICE_BOTTOM = "--gb-call-notice-bottom";
