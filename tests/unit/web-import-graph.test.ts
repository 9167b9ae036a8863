// The client's folders import one way too (the graph script's own check is in
// server-import-graph.test.ts): market below calls, calls below trading and realtime.
import assert from "node:assert/strict";
import { formatGraph, importGraph } from "../../scripts/import-graph.ts";

const web = new URL("../../web/src", import.meta.url).pathname;

Deno.test("web/src folders import one way: the folder import graph has no loop", async () => {
  const graph = await importGraph(web);
  const edge = (from: string, to: string) =>
    graph.edges.some((e) => e.from === from && e.to === to);
  assert.ok(edge("calls", "market") && edge("trading", "calls"), formatGraph(graph));
  assert.deepEqual(graph.cycles, [], formatGraph(graph));
});
