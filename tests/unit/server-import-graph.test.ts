// The server's areas import one way: no folder of server/ reaches back to one that imports it.
import assert from "node:assert/strict";
import { formatGraph, importGraph } from "../../scripts/import-graph.ts";

const server = new URL("../../server", import.meta.url).pathname;

Deno.test("server folders import one way: the folder import graph has no loop", async () => {
  const graph = await importGraph(server);
  assert.ok(graph.edges.length > 0, "the graph script found no imports");
  assert.deepEqual(graph.cycles, [], formatGraph(graph));
});

Deno.test("the graph script finds a loop between two folders", async () => {
  const root = await Deno.makeTempDir();
  try {
    for (const [dir, other] of [["a", "b"], ["b", "a"]]) {
      await Deno.mkdir(`${root}/${dir}`);
      await Deno.writeTextFile(`${root}/${dir}/x.ts`, `import type { X } from "../${other}/x.ts";`);
    }
    assert.deepEqual((await importGraph(root)).cycles, [["a", "b"]]);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
