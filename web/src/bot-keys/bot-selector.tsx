// The bot selector of Lead and above (docs/trading.md#multi-account-trading): which bot accounts
// their BUY and SELL are placed on. Each change is saved at once with PATCH /users/{id}.
import { Button, Checkbox, Popover, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { exchangeTitle } from "../../../server/exchanges/pairs.shared.ts";
import { can } from "../../../server/auth/roles.shared.ts";
import { session, updateUser } from "../session/store.ts";
import { errorText, notifyError } from "../ui/notify.ts";
import { saveSelectedBots } from "./api.ts";
import { botOptions, loadBotOptions } from "./store.ts";
import { botKeysMessages } from "./messages.ts";

export function BotSelector() {
  const t = botKeysMessages.useT();
  const { user } = useSnapshot(session);
  const { items, loaded } = useSnapshot(botOptions);
  // The ticked boxes while a save is on its way; a failed save goes back to the stored ones.
  const [pending, setPending] = useState<number[] | null>(null);
  const allowed = !!user && can(user.role, "bots.select");
  useEffect(() => {
    if (allowed) loadBotOptions();
  }, [allowed]);
  if (!user || !allowed) return null;

  // Ids of deleted keys may linger in a stale session; count only keys that exist.
  const listed = new Set(items.map((k) => k.id));
  const selected = (pending ?? user.selectBots).filter((id) => !loaded || listed.has(id));
  const exchanges = [...new Set(items.map((k) => k.exchange))];

  const change = async (values: string[]) => {
    const ids = values.map(Number);
    setPending(ids);
    try {
      updateUser(await saveSelectedBots(user.id, ids));
    } catch (err) {
      notifyError(errorText(err, t("botKeys.selectFailed")));
    } finally {
      setPending(null);
    }
  };

  return (
    <Popover position="bottom-end" shadow="md" width={280} onOpen={loadBotOptions}>
      <Popover.Target>
        <Button size="xs" variant="light" data-testid="bot-selector">
          {t("botKeys.selector", { count: selected.length })}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fw={600} size="sm">{t("botKeys.selectorTitle")}</Text>
          <Text c="dimmed" size="xs">{t("botKeys.selectorHint")}</Text>
          {items.length === 0 && <Text size="sm">{t("botKeys.selectorEmpty")}</Text>}
          <Checkbox.Group value={selected.map(String)} onChange={change}>
            <Stack gap={6}>
              {exchanges.map((exchange) => (
                <Stack key={exchange} gap={4}>
                  <Text size="xs" c="dimmed" tt="uppercase">{exchangeTitle(exchange)}</Text>
                  {items.filter((k) => k.exchange === exchange).map((k) => (
                    <Checkbox
                      key={k.id}
                      value={String(k.id)}
                      label={k.username}
                      disabled={pending !== null}
                      data-testid={`bot-option-${k.username}`}
                    />
                  ))}
                </Stack>
              ))}
            </Stack>
          </Checkbox.Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
