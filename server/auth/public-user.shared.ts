// What the API tells about a user: never a password hash, TOTP seed or exchange secret.
import type { z } from "zod";
import type { users } from "../db/schema.ts";
import type { publicUserSchema } from "./schema.ts";

type UserRow = typeof users.$inferSelect;

/** Stored secrets are shown as this mask; the client sends it back unchanged to mean "keep". */
export const SECRET_MASK = "********";
const mask = (value: string | null) => (value ? SECRET_MASK : "");

/** Typed by the schema the OpenAPI document shows (server/auth/schema.ts). */
export function toPublicUser(u: UserRow): z.infer<typeof publicUserSchema> {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    role: u.role,
    firstName: u.firstName,
    lastName: u.lastName,
    uniqueId: u.uniqueId,
    totpEnabled: u.totpEnabled,
    pair: u.pair,
    exchange: u.exchange,
    group: u.group,
    useBot: u.useBot,
    isAutoSpread: u.isAutoSpread,
    spread: u.spread,
    tradingAmount: u.tradingAmount,
    coinTradingAmount: u.coinTradingAmount,
    coinFunds: u.coinFunds,
    fraction: u.fraction,
    isFull: u.isFull,
    isRandom: u.isRandom,
    numberOfTran: u.numberOfTran,
    selectBots: u.selectBots,
    gateKeyV2: mask(u.gateKeyV2),
    gateKeyV4: mask(u.gateKeyV4),
    gateSecretV4: mask(u.gateSecretV4),
    binanceKey: mask(u.binanceKey),
    binanceSecret: mask(u.binanceSecret),
    houbiKey: mask(u.houbiKey),
    houbiSecret: mask(u.houbiSecret),
    createdAt: u.createdAt.toISOString(),
  };
}

export type PublicUser = z.infer<typeof publicUserSchema>;
