// The VAPID key pair that signs our pushes (RFC 8292): VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else
// a pair generated into DATA_DIR once and reused, as APP_SECRET_KEY is. Browsers tie each
// subscription to the public key, so several instances must share the pair.
import webpush from "web-push";
import type { Config } from "../config.ts";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export async function loadVapidKeys(config: Config): Promise<VapidKeys> {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const path = `${config.DATA_DIR}/vapid.json`;
  const read = async () => ({ ...JSON.parse(await Deno.readTextFile(path)), subject });
  try {
    return await read();
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  await Deno.mkdir(config.DATA_DIR, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  try {
    await Deno.writeTextFile(path, JSON.stringify(keys), { mode: 0o600, createNew: true });
  } catch (err) {
    // Another process starting at the same time wrote its pair first: use that one.
    if (err instanceof Deno.errors.AlreadyExists) return await read();
    throw err;
  }
  return { ...keys, subject };
}
