// A user's push subscriptions (one per device) and settings.
import { and, eq } from "drizzle-orm";
import type { SessionUser } from "../auth/sessions.ts";
import { pushSettings, pushSubscriptions } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { PUSH_TARGETS, type PushSettingsInput, type SubscribeInput } from "./schema.ts";

export const DEFAULT_SETTINGS: PushSettingsInput = {
  targets: [...PUSH_TARGETS],
  quietStart: null,
  quietEnd: null,
  timeZone: "UTC",
};

/** An endpoint is one browser: subscribing it again (or as another user) moves it here. */
export async function subscribe(
  deps: Pick<Deps, "clock" | "db">,
  user: SessionUser,
  input: SubscribeInput,
) {
  const values = {
    userId: user.id,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    lang: input.lang,
  };
  await deps.db.insert(pushSubscriptions)
    .values({ endpoint: input.endpoint, ...values, createdAt: deps.clock.now() })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
  return { subscribed: true, devices: await deviceCount(deps, user.id) };
}

export async function unsubscribe(deps: Pick<Deps, "db">, user: SessionUser, endpoint: string) {
  await deps.db.delete(pushSubscriptions).where(and(
    eq(pushSubscriptions.endpoint, endpoint),
    eq(pushSubscriptions.userId, user.id),
  ));
  return { subscribed: false, devices: await deviceCount(deps, user.id) };
}

async function deviceCount(deps: Pick<Deps, "db">, userId: number) {
  return (await deps.db.select({ id: pushSubscriptions.id }).from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))).length;
}

export async function readSettings(
  deps: Pick<Deps, "db">,
  userId: number,
): Promise<PushSettingsInput> {
  const [row] = await deps.db.select().from(pushSettings).where(eq(pushSettings.userId, userId));
  return row ? settingsOf(row) : DEFAULT_SETTINGS;
}

export async function saveSettings(
  deps: Pick<Deps, "clock" | "db">,
  user: SessionUser,
  input: PushSettingsInput,
) {
  const values = { ...input, updatedAt: deps.clock.now() };
  await deps.db.insert(pushSettings).values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: pushSettings.userId, set: values });
  return input;
}

export const settingsOf = (row: typeof pushSettings.$inferSelect): PushSettingsInput => ({
  targets: row.targets as PushSettingsInput["targets"],
  quietStart: row.quietStart,
  quietEnd: row.quietEnd,
  timeZone: row.timeZone,
});
