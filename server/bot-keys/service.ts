// The bot key pools (docs/trading.md#bot-keys): list, search, create, update, delete. Key and
// secret arrive encrypted for transport, are sealed at rest and never leave the server. No HTTP
// here.
import { and, asc, count, eq, ilike, isNull, type SQL, sql } from "drizzle-orm";
import { recordAudit } from "../audit/record.ts";
import type { SessionUser } from "../auth/sessions.ts";
import { badRequest, conflict, notFound } from "../core/errors.ts";
import { botKeys, users } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { exchangeTitle } from "../exchanges/pairs.shared.ts";
import { sealSentFields } from "../keys/seal-fields.ts";
import { can } from "../auth/roles.shared.ts";
import { findLiveBotKey, newKeyAdapter } from "./accounts.ts";
import type {
  BotKeyExchange,
  CreateBotKeyInput,
  SearchBotKeysQuery,
  UpdateBotKeyInput,
} from "./schema.ts";
import { toBotKeyOption, toBotKeyView } from "./view.ts";
import { userChanged } from "../auth/user-changed.ts";
import { answer, msg } from "../core/messages.shared.ts";

const SECRET_FIELDS = ["key", "secret"] as const;
type SecretField = (typeof SECRET_FIELDS)[number];

/** `%`, `_` and `\` typed by the user match themselves, not any text. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Managers get the masked entries; a Lead selecting bots gets id, exchange and username. */
export async function listBotKeys(
  deps: Pick<Deps, "db">,
  actor: SessionUser,
  exchange?: BotKeyExchange,
) {
  const filters: SQL[] = [isNull(botKeys.deletedAt)];
  if (exchange) filters.push(eq(botKeys.exchange, exchange));
  const rows = await deps.db.select().from(botKeys).where(and(...filters))
    .orderBy(asc(botKeys.exchange), asc(botKeys.id));
  return can(actor.role, "botKeys.manage") ? rows.map(toBotKeyView) : rows.map(toBotKeyOption);
}

export async function searchBotKeys(deps: Pick<Deps, "db">, q: SearchBotKeysQuery) {
  const filters: SQL[] = [isNull(botKeys.deletedAt)];
  if (q.exchange) filters.push(eq(botKeys.exchange, q.exchange));
  if (q.username) filters.push(ilike(botKeys.username, contains(q.username)));
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    deps.db.select().from(botKeys).where(where).orderBy(asc(botKeys.id))
      .limit(q.limit).offset((q.page - 1) * q.limit),
    deps.db.select({ total: count() }).from(botKeys).where(where),
  ]);
  return { items: rows.map(toBotKeyView), totalItems: total, page: q.page, limit: q.limit };
}

export async function createBotKey(
  deps: Pick<Deps, "clock" | "config" | "db" | "keyTransport" | "secretBox">,
  actor: SessionUser,
  input: CreateBotKeyInput,
) {
  const sealed = await sealSentFields<SecretField>(deps, input, SECRET_FIELDS);
  if (!sealed.key || !sealed.secret) throw badRequest(msg("botKeys.keyAndSecretRequired"));
  const now = deps.clock.now();
  const row = await uniqueUsername(
    input.exchange,
    input.username,
    () =>
      deps.db.transaction(async (tx) => {
        const [created] = await tx.insert(botKeys).values({
          exchange: input.exchange,
          username: input.username,
          adapter: newKeyAdapter(deps.config, input.exchange),
          key: sealed.key!,
          secret: sealed.secret!,
          createdAt: now,
          updatedAt: now,
        }).returning();
        await recordAudit(tx, {
          actorId: actor.id,
          action: "botKey.create",
          details: { botKeyId: created.id, exchange: created.exchange, username: created.username },
          at: now,
        });
        return created;
      }),
  );
  return toBotKeyView(row);
}

export async function updateBotKey(
  deps: Pick<
    Deps,
    "clock" | "config" | "db" | "keyTransport" | "onUserChanged" | "secretBox" | "sessionCache"
  >,
  actor: SessionUser,
  id: number,
  input: UpdateBotKeyInput,
) {
  const current = await findLiveBotKey(deps.db, id);
  if (!current) throw notFound(msg("botKeys.notFound", { id }));
  const values: Partial<typeof botKeys.$inferInsert> = await sealSentFields<SecretField>(
    deps,
    input,
    SECRET_FIELDS,
  );
  if (input.username && input.username !== current.username) values.username = input.username;
  const fields = Object.keys(values);
  if (fields.length === 0) throw badRequest(msg("botKeys.nothingToUpdate"));
  const now = deps.clock.now();
  const row = await uniqueUsername(
    current.exchange,
    input.username ?? "",
    () =>
      deps.db.transaction(async (tx) => {
        const [updated] = await tx.update(botKeys).set({ ...values, updatedAt: now })
          .where(and(eq(botKeys.id, id), isNull(botKeys.deletedAt))).returning();
        if (!updated) throw notFound(msg("botKeys.notFound", { id }));
        await recordAudit(tx, {
          actorId: actor.id,
          action: "botKey.update",
          details: { botKeyId: id, exchange: updated.exchange, fields },
          at: now,
        });
        return updated;
      }),
  );
  return toBotKeyView(row);
}

/**
 * Deletes softly: transactions keep naming the key (and open ones still close on its account).
 * It leaves every user's selectBots in the same database transaction.
 */
export async function deleteBotKey(
  deps: Pick<Deps, "clock" | "db" | "onUserChanged" | "sessionCache">,
  actor: SessionUser,
  id: number,
) {
  const now = deps.clock.now();
  const changed = await deps.db.transaction(async (tx) => {
    const [row] = await tx.update(botKeys).set({ deletedAt: now, updatedAt: now })
      .where(and(eq(botKeys.id, id), isNull(botKeys.deletedAt))).returning();
    if (!row) throw notFound(msg("botKeys.notFound", { id }));
    const selected = await tx.update(users)
      .set({ selectBots: sql`array_remove(${users.selectBots}, ${id})` })
      .where(sql`${id} = any(${users.selectBots})`).returning({ id: users.id });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "botKey.delete",
      details: { botKeyId: id, exchange: row.exchange, username: row.username },
      at: now,
    });
    return selected;
  });
  for (const user of changed) userChanged(deps, user.id);
  return { id, ...answer(msg("botKeys.deleted")) };
}

/** Runs a write, answering 409 when another live key of the exchange has the username. */
async function uniqueUsername<T>(exchange: string, username: string, write: () => Promise<T>) {
  try {
    return await write();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    throw conflict(
      msg("botKeys.nameTaken", { exchange: exchangeTitle(exchange), username }),
      "username",
    );
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
