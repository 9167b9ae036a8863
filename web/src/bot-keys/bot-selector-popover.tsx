// The bot selector's popover: a box per bot key, grouped by exchange. Each change is saved at once
// with PATCH /users/{id}.
import { Checkbox, Popover, Stack, Text } from "@mantine/core";
import { useSnapshot } from "valtio";
import { exchangeTitle } from "../../../server/exchanges/pairs.shared.ts";
import { session, updateUser } from "../session/store.ts";
import { errorText, notifyError } from "../ui/notify.ts";
import { useOpenedOnMount } from "../ui/on-demand.tsx";
import { saveSelectedBots } from "./api.ts";
import { BotSelectorButton, useSelectedBots } from "./bot-selector.tsx";
import { botOptions, loadBotOptions } from "./store.ts";
import { botKeysMessages } from "./messages.ts";

export default function BotSelectorPopover() {
  const t = botKeysMessages.useT();
  const { user } = useSnapshot(session);
  const { items, pending } = useSnapshot(botOptions);
  const selected = useSelectedBots();
  const { target, opened, setOpened } = useOpenedOnMount<HTMLButtonElement>();
  if (!user) return null;
  const exchanges = [...new Set(items.map((k) => k.exchange))];

  const change = async (values: string[]) => {
    const ids = values.map(Number);
    botOptions.pending = ids;
    try {
      updateUser(await saveSelectedBots(user.id, ids));
    } catch (err) {
      notifyError(errorText(err, t("botKeys.selectFailed")));
    } finally {
      botOptions.pending = null;
    }
  };

  return (
    <Popover
      position="bottom-end"
      shadow="md"
      width={280}
      opened={opened}
      onChange={setOpened}
      onOpen={loadBotOptions}
    >
      <Popover.Target>
        <BotSelectorButton ref={target} />
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
