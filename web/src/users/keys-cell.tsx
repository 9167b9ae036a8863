// The users table's keys column: which exchanges hold the user's keys, and a red "needs keys" when
// the user cannot trade as things stand (server/keys/schema.ts needsKeys).
import { Badge, Group, Text, Tooltip } from "@mantine/core";
import { exchangesWithKeys, needsKeys } from "../../../server/keys/schema.ts";
import { exchangeTitle } from "../../../server/exchanges/pairs.shared.ts";
import type { PublicUser } from "../session/store.ts";
import type { ListedUser } from "./api.ts";
import { settingsMessages } from "./settings-messages.ts";

export function KeysCell(
  { t, row }: { t: ReturnType<typeof settingsMessages.useT>; row: ListedUser },
) {
  const user = row as PublicUser;
  const held = exchangesWithKeys(user);
  return (
    <Group gap={4} wrap="nowrap" data-testid={`keys-cell-${row.username}`}>
      {held.map((e) => <Badge key={e} size="sm" variant="light">{exchangeTitle(e)}</Badge>)}
      {!held.length && <Text size="xs" c="dimmed">{t("settings.noKeys")}</Text>}
      {needsKeys(user) && (
        <Tooltip
          label={t("settings.needsKeysHint", {
            exchange: exchangeTitle(user.exchange === "gate" ? "gate" : "binance"),
          })}
        >
          <Badge size="sm" color="red" data-testid={`needs-keys-${row.username}`}>
            {t("settings.needsKeys")}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}
