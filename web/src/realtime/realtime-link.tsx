// Keeps the realtime socket open while signed in: connects after sign-in, rejoins when the
// exchange changes, and closes on sign-out. Renders nothing.
import { useEffect } from "react";
import { useSnapshot } from "valtio";
import { subscribeKey } from "valtio/utils";
import { isServerCode, serverText } from "../errors/server-messages.ts";
import { session, sessionEnded } from "../session/store.ts";
import { market } from "../market/store.ts";
import { RealtimeClient, socketUrl } from "./client.ts";
import { handleServerMessage, reloadSoon } from "./dispatch.ts";
import { realtime } from "./store.ts";
import { notifyWarning } from "../ui/notify.ts";
import { realtimeMessages } from "./messages.ts";

export function RealtimeLink() {
  const { token } = useSnapshot(session);
  useEffect(() => {
    if (!token) return;
    // The server pushes calls to the devices of users with no page shown (server/push/).
    const visibility = () =>
      client.send({ type: "visibility", visible: document.visibilityState === "visible" });
    const client = new RealtimeClient({
      url: socketUrl(token),
      exchange: () => market.exchange,
      onMessage: (msg) => handleServerMessage(msg, token),
      onStatus: (connected) => {
        realtime.connected = connected;
        if (connected) visibility();
      },
      onLogout: () => void sessionEnded(token),
      // The close reason is a message code (server/core/messages.shared.ts).
      onServerStopping: (reason) =>
        notifyWarning(realtimeMessages.translate("realtime.serverStopping", {
          reason: isServerCode(reason) ? serverText(reason) : reason || "-",
        })),
    });
    client.start();
    const unsubscribe = subscribeKey(market, "exchange", () => client.join());
    document.addEventListener("visibilitychange", visibility);
    return () => {
      document.removeEventListener("visibilitychange", visibility);
      unsubscribe();
      client.stop();
      reloadSoon.cancel();
      realtime.connected = false;
    };
  }, [token]);
  return null;
}
