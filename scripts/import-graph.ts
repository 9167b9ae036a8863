// The folder import graph of a source tree (server/ by default): which folder imports which, and
// the loops among them. Folders are the areas; a loop means two areas cannot be read, tested or
// moved apart. Files directly in the tree's root (app.ts, main.ts, deps.ts, config.ts) are the
// composition root and the types every area shares, not an area: they are left out.
// `deno run -A scripts/import-graph.ts [dir]` prints every edge, then the loops, or without loops
// the folders by layer (exit 0 either way).
import { join, relative } from "node:path";

const SOURCE = /\.(ts|tsx)$/;
// Static imports and re-exports (type-only ones too: they tie the areas as firmly) and import().
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g;

export interface Edge {
  from: string;
  to: string;
  /** Each import behind the edge, as "from-file -> to-file" relative to the tree. */
  imports: string[];
}

export interface ImportGraph {
  folders: string[];
  edges: Edge[];
  /** Groups of folders that reach each other, each sorted; the groups sorted by first folder. */
  cycles: string[][];
}

async function* sourceFiles(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) yield* sourceFiles(path);
    else if (entry.isFile && SOURCE.test(entry.name)) yield path;
  }
}

/** The area a file belongs to: its first folder below the tree's root (none for root files). */
function areaOf(path: string): string | undefined {
  const parts = path.split("/");
  return parts.length > 1 ? parts[0] : undefined;
}

export async function importGraph(root: string): Promise<ImportGraph> {
  const byEdge = new Map<string, Edge>();
  const folders = new Set<string>();
  for await (const file of sourceFiles(root)) {
    const from = relative(root, file);
    const fromArea = areaOf(from);
    if (!fromArea) continue;
    folders.add(fromArea);
    const text = await Deno.readTextFile(file);
    for (const [, specifier] of text.matchAll(SPECIFIER)) {
      const to = relative(root, join(file, "..", specifier));
      const toArea = areaOf(to);
      if (!toArea || toArea === fromArea || to.startsWith("..")) continue;
      const key = `${fromArea} ${toArea}`;
      const edge = byEdge.get(key) ?? { from: fromArea, to: toArea, imports: [] };
      edge.imports.push(`${from} -> ${to}`);
      byEdge.set(key, edge);
    }
  }
  const edges = [...byEdge.values()].sort((a, b) =>
    a.from.localeCompare(b.from) || a.to.localeCompare(b.to)
  );
  for (const edge of edges) edge.imports.sort();
  return { folders: [...folders].sort(), edges, cycles: stronglyConnected(edges) };
}

/** Tarjan's algorithm: the components of more than one folder are the loops. */
function stronglyConnected(edges: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return groups.sort((a, b) => a[0].localeCompare(b[0]));
}

/**
 * Without loops, the folders by layer: each imports only folders of lower layers (0 imports none).
 * With loops there is no such order: null.
 */
export function layers(graph: ImportGraph): string[][] | null {
  if (graph.cycles.length) return null;
  const imports = new Map(graph.folders.map((f) => [f, [] as string[]]));
  for (const { from, to } of graph.edges) imports.get(from)!.push(to);
  const layerOf = new Map<string, number>();
  const layer = (folder: string): number => {
    if (!layerOf.has(folder)) {
      layerOf.set(folder, Math.max(-1, ...(imports.get(folder) ?? []).map(layer)) + 1);
    }
    return layerOf.get(folder)!;
  };
  const result: string[][] = [];
  for (const folder of graph.folders) (result[layer(folder)] ??= []).push(folder);
  return result;
}

export function formatGraph(graph: ImportGraph): string {
  const inCycle = new Map(graph.cycles.flatMap((c, i) => c.map((f) => [f, i] as const)));
  const lines = [`${graph.folders.length} folders, ${graph.edges.length} edges`, ""];
  for (const edge of graph.edges) {
    const looped = inCycle.has(edge.from) && inCycle.get(edge.from) === inCycle.get(edge.to);
    lines.push(`${edge.from} -> ${edge.to} (${edge.imports.length})${looped ? "  [loop]" : ""}`);
    if (looped) { for (const i of edge.imports) lines.push(`    ${i}`); }
  }
  lines.push("", `cycles: ${graph.cycles.length}`);
  for (const cycle of graph.cycles) lines.push(`  {${cycle.join(", ")}}`);
  const layered = layers(graph);
  if (layered) {
    lines.push("", "layers (a folder imports only folders of lower-numbered layers):");
    layered.forEach((folders, i) => lines.push(`  ${i}: ${folders.join(", ")}`));
  }
  return lines.join("\n");
}

if (import.meta.main) {
  const root = Deno.args[0] ?? new URL("../server", import.meta.url).pathname;
  console.log(formatGraph(await importGraph(root)));
}
