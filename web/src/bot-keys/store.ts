// The /bot-keys/{exchange} table, and the bot keys a Lead and above may select.
import { proxy } from "valtio";
import { onSignOut } from "../session/store.ts";
import { pagedList } from "../ui/paged-list.ts";
import {
  type BotKeyExchange,
  type BotKeyOption,
  type BotKeyView,
  listBotKeyOptions,
  searchBotKeys,
} from "./api.ts";
import { botKeysMessages } from "./messages.ts";

export const botKeys = pagedList({
  filters: { exchange: "gate" as BotKeyExchange, username: "" },
  empty: { items: [] as BotKeyView[], totalItems: 0 },
  fetch: searchBotKeys,
  failed: () => botKeysMessages.translate("botKeys.loadFailed"),
});

/** Shows an exchange's keys from page 1; another exchange's rows never stand under this title. */
export function showExchange(exchange: BotKeyExchange, username: string) {
  if (exchange !== botKeys.state.filters.exchange) botKeys.state.result.items = [];
  return botKeys.setFilters({ exchange, username });
}

export const botOptions = proxy({
  items: [] as BotKeyOption[],
  loaded: false,
  /** The ticked boxes while a save is on its way; a failed save goes back to the stored ones. */
  pending: null as number[] | null,
});

export async function loadBotOptions() {
  try {
    botOptions.items = await listBotKeyOptions();
    botOptions.loaded = true;
  } catch {
    // The selector keeps its last list; the next open tries again.
  }
}

/** After a change on the page, the table and the selector's list both show it. */
export function refreshAfterChange() {
  botKeys.load();
  if (botOptions.loaded) loadBotOptions();
}

onSignOut(() => Object.assign(botOptions, { items: [], loaded: false, pending: null }));
