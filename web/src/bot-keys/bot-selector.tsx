// The bot selector of Lead and above (docs/trading.md#multi-account-trading): which bot accounts
// their BUY and SELL are placed on. The topbar shows its button, with how many are ticked; the
// popover of boxes (bot-selector-popover.tsx) loads on first use.
import { Button } from "@mantine/core";
import { useEffect } from "react";
import { useSnapshot } from "valtio";
import { can } from "../../../server/auth/roles.shared.ts";
import { session } from "../session/store.ts";
import { onDemand, type TriggerProps } from "../ui/on-demand.tsx";
import { botOptions, loadBotOptions } from "./store.ts";
import { botKeysMessages } from "./messages.ts";

/** The ticked bots. Ids of deleted keys may linger in a stale session; only keys that exist. */
export function useSelectedBots() {
  const { user } = useSnapshot(session);
  const { items, loaded, pending } = useSnapshot(botOptions);
  const listed = new Set(items.map((k) => k.id));
  return (pending ?? user?.selectBots ?? []).filter((id) => !loaded || listed.has(id));
}

export function BotSelectorButton(props: TriggerProps) {
  const t = botKeysMessages.useT();
  const count = useSelectedBots().length;
  return (
    <Button {...props} size="xs" variant="light" data-testid="bot-selector">
      {t("botKeys.selector", { count })}
    </Button>
  );
}

const Selector = onDemand(
  () => import("./bot-selector-popover.tsx"),
  (_, handlers) => <BotSelectorButton {...handlers} />,
);

export function BotSelector() {
  const { user } = useSnapshot(session);
  const allowed = !!user && can(user.role, "bots.select");
  useEffect(() => {
    if (allowed) loadBotOptions();
  }, [allowed]);
  return allowed ? <Selector /> : null;
}
