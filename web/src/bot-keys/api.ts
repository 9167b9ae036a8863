// The bot-key calls (docs/api.md#bot-keys). Key and secret are encrypted for transport with the
// current /Summaries/hash value before they leave the browser (docs/trading.md#key-transport).
import type { BotKeyExchange } from "../../../server/bot-keys/schema.ts";
import type { BotBalance, BotKeyOption, BotKeyView } from "../../../server/bot-keys/view.ts";
import { encryptForTransport } from "../../../server/keys/transport-crypto.shared.ts";
import { api } from "../api/http.ts";
import type { PublicUser } from "../session/store.ts";
import type { BotKeyFormValues } from "./key-form.ts";

export type { BotBalance, BotKeyExchange, BotKeyOption, BotKeyView };

export interface BotKeyQuery {
  exchange: BotKeyExchange;
  username?: string;
  page: number;
  limit: number;
}

export const searchBotKeys = (query: BotKeyQuery) =>
  api<{ items: BotKeyView[]; totalItems: number }>("GET", "/bot-key/search", {
    query: { ...query },
  });

/** The keys a Lead and above may select (id, exchange and username). */
export const listBotKeyOptions = () => api<BotKeyOption[]>("GET", "/bot-key");

async function encrypted(changes: Partial<BotKeyFormValues>) {
  const { hash } = await api<{ hash: string }>("GET", "/Summaries/hash");
  const body: Record<string, string> = { hash };
  if (changes.username) body.username = changes.username;
  for (const field of ["key", "secret"] as const) {
    const value = changes[field];
    if (value) body[field] = await encryptForTransport(hash, value);
  }
  return body;
}

export const createBotKey = async (exchange: BotKeyExchange, values: BotKeyFormValues) =>
  api<BotKeyView>("POST", "/bot-key", { body: { exchange, ...await encrypted(values) } });

export const updateBotKey = async (id: number, changes: Partial<BotKeyFormValues>) =>
  api<BotKeyView>("PATCH", `/bot-key/${id}`, { body: await encrypted(changes) });

export const deleteBotKey = (id: number) =>
  api<{ id: number; message: string }>("DELETE", `/bot-key/${id}`);

export const fetchBotBalance = (id: number, exchange: BotKeyExchange) =>
  api<BotBalance>("GET", `/bot-key/bot-balance/${id}`, { query: { exchange } });

export const saveSelectedBots = (userId: number, selectBots: number[]) =>
  api<PublicUser>("PATCH", `/users/${userId}`, { body: { selectBots } });
