// One server per PGlite DATA_DIR. Two processes on one PGlite folder each believe they own it and
// overwrite each other's pages: acknowledged trades vanish with no error. An exclusive advisory
// lock on DATA_DIR/server.lock (released by the kernel when the holder dies, kill -9 included)
// keeps the second one out; the file names the holder so the refusal can say who it is.

export interface DataDirLock {
  release(): Promise<void>;
}

export class DataDirInUse extends Error {}

export async function lockDataDir(dir: string, holder: string): Promise<DataDirLock> {
  await Deno.mkdir(dir, { recursive: true });
  const path = `${dir}/server.lock`;
  const file = await Deno.open(path, { read: true, write: true, create: true });
  if (!await file.tryLock(true)) {
    const text = new TextDecoder().decode(await Deno.readFile(path)).trim();
    file.close();
    throw new DataDirInUse(
      `DATA_DIR "${dir}" is in use by another server (${text || "holder unknown"}). ` +
        "Stop it first, or give this one another DATA_DIR (or a DATABASE_URL).",
    );
  }
  await file.truncate(0);
  await file.write(new TextEncoder().encode(`${holder}\n`));
  return {
    async release() {
      await file.unlock();
      file.close();
    },
  };
}
