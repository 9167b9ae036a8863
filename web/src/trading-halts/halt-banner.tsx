// Above every page while a halt concerns the user: who is halted and why.
import { Alert, Stack } from "@mantine/core";
import { useEffect } from "react";
import { useSnapshot } from "valtio";
import type { HaltView } from "./api.ts";
import { halts, loadHalts } from "./store.ts";
import { haltsMessages } from "./messages.ts";

export function haltText(
  t: ReturnType<typeof haltsMessages.useT>,
  h: Pick<HaltView, "scope" | "exchange" | "username" | "reason">,
) {
  const exchange = h.exchange ? h.exchange.charAt(0).toUpperCase() + h.exchange.slice(1) : "";
  return t(`halts.banner.${h.scope}`, { reason: h.reason, exchange, username: h.username ?? "" });
}

export function HaltBanner() {
  const t = haltsMessages.useT();
  const { active } = useSnapshot(halts);
  useEffect(() => void loadHalts(), []);
  if (!active.length) return null;
  return (
    <Stack gap="xs" mb="md" data-testid="halt-banner">
      {active.map((h) => (
        <Alert key={h.id} color="red" variant="filled" title={t("halts.bannerTitle")}>
          {haltText(t, h)}
        </Alert>
      ))}
    </Stack>
  );
}
