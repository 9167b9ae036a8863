// Says plainly that the network is gone: the app shell still opens (the service worker keeps it),
// but prices, orders and calls need the server.
import { Alert } from "@mantine/core";
import { useSnapshot } from "valtio";
import { network } from "../api/network.ts";
import { pwaMessages } from "./messages.ts";

export function OfflineBanner() {
  const t = pwaMessages.useT();
  const { online } = useSnapshot(network);
  if (online) return null;
  return (
    <Alert color="gray" variant="filled" mb="md" title={t("pwa.offline")} data-testid="offline">
      {t("pwa.offlineText")}
    </Alert>
  );
}
