// The /bot-keys/{exchange} table, and the bot keys a Lead and above may select.
import { proxy } from "valtio";
import { translate } from "../i18n/index.ts";
import { onSignOut } from "../session/store.ts";
import { errorText } from "../ui/notify.ts";
import {
  type BotKeyExchange,
  type BotKeyOption,
  type BotKeyView,
  listBotKeyOptions,
  searchBotKeys,
} from "./api.ts";
import "./messages.ts";

export const PAGE_SIZE = 10;

const initialTable = () => ({
  exchange: "gate" as BotKeyExchange,
  username: "",
  page: 1,
  items: [] as BotKeyView[],
  totalItems: 0,
  requesting: false,
  error: null as string | null,
});

export const botKeysTable = proxy(initialTable());

let latest = 0;

export async function loadBotKeys() {
  const mine = ++latest;
  botKeysTable.requesting = true;
  botKeysTable.error = null;
  try {
    const { exchange, username, page } = botKeysTable;
    const result = await searchBotKeys({ exchange, username, page, limit: PAGE_SIZE });
    // A slower earlier answer never overwrites a newer one.
    if (mine !== latest) return;
    botKeysTable.items = result.items;
    botKeysTable.totalItems = result.totalItems;
  } catch (err) {
    if (mine === latest) botKeysTable.error = errorText(err, translate("botKeys.loadFailed"));
  } finally {
    if (mine === latest) botKeysTable.requesting = false;
  }
}

/** Shows an exchange's keys; the filters start over when the exchange changes. */
export function showExchange(exchange: BotKeyExchange, username: string) {
  if (exchange !== botKeysTable.exchange) botKeysTable.items = [];
  Object.assign(botKeysTable, { exchange, username, page: 1 });
  return loadBotKeys();
}

export function setPage(page: number) {
  botKeysTable.page = page;
  return loadBotKeys();
}

export const botOptions = proxy({
  items: [] as BotKeyOption[],
  loaded: false,
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
  loadBotKeys();
  if (botOptions.loaded) loadBotOptions();
}

onSignOut(() => {
  Object.assign(botKeysTable, initialTable());
  Object.assign(botOptions, { items: [], loaded: false });
});
