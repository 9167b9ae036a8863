// /bot-keys/{exchange} (SuperAdmin; docs/screens.md#bot-keys-pages): that exchange's bot keys,
// searchable and paged, with create, edit, delete and a balance view per entry.
import { Button, Group } from "@mantine/core";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { useParams } from "wouter";
import { BOT_KEY_EXCHANGES, type BotKeyExchange } from "../../../server/bot-keys/schema.ts";
import { exchangeTitle } from "../../../server/exchanges/pairs.shared.ts";
import { ErrorPage } from "../errors/error-page.tsx";
import { ConfirmModal } from "../ui/confirm-modal.tsx";
import { ListPage } from "../ui/list-page.tsx";
import { PagedTable } from "../ui/paged-table.tsx";
import { SearchInput } from "../ui/search-input.tsx";
import { type BotKeyView, deleteBotKey } from "./api.ts";
import { BalanceModal } from "./balance-modal.tsx";
import { BotKeyModal } from "./bot-key-modal.tsx";
import { botKeys, refreshAfterChange, showExchange } from "./store.ts";
import { combineMessages } from "../i18n/index.ts";
import { botKeysMessages } from "./messages.ts";
import { commonMessages } from "../i18n/common-messages.ts";

const messages = combineMessages(botKeysMessages, commonMessages);

type Open =
  | { action: "create" }
  | { action: "edit" | "balance" | "delete"; entry: BotKeyView };

const isExchange = (x: string): x is BotKeyExchange =>
  (BOT_KEY_EXCHANGES as readonly string[]).includes(x);

export default function BotKeysPage() {
  const { exchange = "" } = useParams<{ exchange: string }>();
  if (!isExchange(exchange)) return <ErrorPage code={404} />;
  return <BotKeysTable key={exchange} exchange={exchange} />;
}

function BotKeysTable({ exchange }: { exchange: BotKeyExchange }) {
  const t = messages.useT();
  const table = useSnapshot(botKeys.state);
  const [username, setUsername] = useState("");
  const [open, setOpen] = useState<Open | null>(null);
  const title = exchangeTitle(exchange);

  useEffect(() => {
    showExchange(exchange, username);
  }, [exchange, username]);

  const close = () => setOpen(null);
  return (
    <ListPage
      testId="bot-keys"
      title={t("botKeys.title", { exchange: title })}
      action={
        <Button onClick={() => setOpen({ action: "create" })} data-testid="bot-key-add">
          {t("botKeys.add")}
        </Button>
      }
      filters={
        <SearchInput
          label={t("common.search")}
          placeholder={t("botKeys.searchUsername")}
          value={username}
          onSearch={setUsername}
          data-testid="bot-keys-search"
        />
      }
      total={t("botKeys.total", { count: table.result.totalItems })}
    >
      <PagedTable
        table={table}
        onPage={botKeys.setPage}
        testId="bot-keys"
        minWidth={640}
        empty={t("botKeys.empty")}
        rowKey={(entry) => entry.id}
        rowProps={(entry) => ({ "data-testid": `bot-key-row-${entry.username}` })}
        columns={[
          { key: "id", header: t("botKeys.id"), cell: (entry) => entry.id },
          { key: "username", header: t("botKeys.username"), cell: (entry) => entry.username },
          { key: "key", header: t("botKeys.key"), cell: (entry) => entry.key },
          { key: "secret", header: t("botKeys.secret"), cell: (entry) => entry.secret },
          {
            key: "adapter",
            header: t("botKeys.adapter"),
            cell: (entry) =>
              t(`botKeys.adapterName.${entry.adapter === "paper" ? "paper" : "live"}`),
          },
          {
            key: "actions",
            header: t("botKeys.actions"),
            cell: (entry) => (
              <Group gap={4} wrap="nowrap">
                {(["balance", "edit", "delete"] as const).map((action) => (
                  <Button
                    key={action}
                    size="compact-xs"
                    variant={action === "delete" ? "light" : "default"}
                    color={action === "delete" ? "red" : undefined}
                    onClick={() => setOpen({ action, entry: entry as BotKeyView })}
                    data-testid={`bot-key-${action}-${entry.username}`}
                  >
                    {t(action === "edit" ? "common.edit" : `botKeys.${action}`)}
                  </Button>
                ))}
              </Group>
            ),
          },
        ]}
      />
      {open?.action === "create" && <BotKeyModal exchange={exchange} onClose={close} />}
      {open?.action === "edit" && (
        <BotKeyModal exchange={exchange} entry={open.entry} onClose={close} />
      )}
      {open?.action === "balance" && <BalanceModal entry={open.entry} onClose={close} />}
      {open?.action === "delete" && (
        // The key also leaves every user's selected bots.
        <ConfirmModal
          title={t("botKeys.deleteTitle")}
          message={t("botKeys.deleteConfirm", { username: open.entry.username })}
          confirmLabel={t("botKeys.delete")}
          color="red"
          testId="bot-key-confirm-delete"
          action={async () => {
            await deleteBotKey(open.entry.id);
            refreshAfterChange();
            return t("botKeys.deleted", { username: open.entry.username });
          }}
          failed={t("botKeys.deleteFailed")}
          onClose={close}
        />
      )}
    </ListPage>
  );
}
