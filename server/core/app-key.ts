// The server key for encryption at rest: APP_SECRET_KEY, else one generated into DATA_DIR once.
import { randomHex } from "./hex.ts";

export async function loadAppKey(configured: string | undefined, dataDir: string) {
  if (configured) return configured;
  const path = `${dataDir}/app-secret.key`;
  try {
    return (await Deno.readTextFile(path)).trim();
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  await Deno.mkdir(dataDir, { recursive: true });
  const key = randomHex(32);
  await Deno.writeTextFile(path, key, { mode: 0o600, createNew: true });
  return key;
}
