// `deno task bench`: runs every benchmark module in this folder (each exports `run()`, printing its
// figures and the limits it is held to). `deno task bench bundle` runs only the named ones.
const dir = new URL(".", import.meta.url).pathname;
const only = Deno.args;

const names: string[] = [];
for await (const entry of Deno.readDir(dir)) {
  if (!entry.isFile || !entry.name.endsWith(".ts") || entry.name === "main.ts") continue;
  const name = entry.name.replace(/\.ts$/, "");
  if (!only.length || only.includes(name)) names.push(name);
}
names.sort();

let failed = 0;
for (const name of names) {
  console.log(`\n=== bench: ${name} ===`);
  const mod = await import(`./${name}.ts`);
  if (typeof mod.run !== "function") continue;
  try {
    if ((await mod.run()) === false) failed++;
  } catch (err) {
    failed++;
    console.error(`bench ${name} failed:`, err);
  }
}
console.log(`\nbenchmarks: ${names.length - failed} within limits, ${failed} over or failed`);
Deno.exit(failed ? 1 : 0);
