// Builds the client when web/dist is missing or older than any client or shared source.
import { precompress } from "./precompress.ts";

const root = new URL("..", import.meta.url).pathname;
const dist = `${root}web/dist/index.html`;

async function newestMtime(dir: string): Promise<number> {
  let newest = 0;
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) newest = Math.max(newest, await newestMtime(path));
    else newest = Math.max(newest, (await Deno.stat(path)).mtime?.getTime() ?? 0);
  }
  return newest;
}

async function isStale() {
  try {
    const built = (await Deno.stat(dist)).mtime?.getTime() ?? 0;
    // The client imports shared schemas and rules from server/.
    const sources = Math.max(
      await newestMtime(`${root}web/src`),
      await newestMtime(`${root}server`),
      await newestMtime(`${root}web/public`),
      (await Deno.stat(`${root}web/index.html`)).mtime?.getTime() ?? 0,
    );
    return sources > built;
  } catch {
    return true;
  }
}

export async function buildWebIfStale(force = false) {
  if (!force && !(await isStale())) return;
  console.log("Building the web client…");
  // Twice: the first build plans the chunks of a first page load from what it shook out, the
  // second groups by the plan (web/first-load-chunks.ts).
  const plan = await Deno.makeTempFile({ suffix: ".json" });
  try {
    await vite({ FIRST_LOAD_PLAN_OUT: plan }, "null");
    await vite({ FIRST_LOAD_PLAN: plan }, "inherit");
  } finally {
    await Deno.remove(plan);
  }
  console.log(`Compressed ${await precompress(`${root}web/dist`)} files (brotli and gzip).`);
}

async function vite(env: Record<string, string>, stdout: "inherit" | "null") {
  const { code } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "npm:vite@8.3.8", "build", "--config", `${root}web/vite.config.ts`],
    cwd: root,
    env,
    stdout,
    stderr: "inherit",
  }).output();
  if (code !== 0) throw new Error("The web client build failed.");
}

if (import.meta.main) await buildWebIfStale(Deno.args.includes("--force"));
