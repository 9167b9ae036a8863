// The chunks of a first page load (docs/configuration.md#first-load-chunks). Left to itself the
// bundler makes one chunk per set of lazy importers, so a signed-in first load was ~40 files, half
// of them 1–2 KB where the headers weigh as much as the code. Here everything a first load runs
// goes into one chunk per need: shared by /login and the signed-in area ("app"), /login only,
// the signed-in area, the dashboard. Code no first load runs (other pages, dialogs, the price
// chart, other languages) stays where the bundler puts it.
//
// Which code a load runs is known only once the bundler has shaken the imports (Mantine is
// imported through one index that names every component), so the build runs twice
// (scripts/build-web.ts): the first, written nowhere, plans from its chunks; the second groups by
// the plan.
import type { Plugin } from "vite";

/** What a planning build tells of one of its chunks (rolldown's OutputChunk, the fields used). */
export interface PlannedChunk {
  type: "chunk" | "asset";
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: readonly string[];
  moduleIds?: readonly string[];
}

/** module id -> the first-load chunk it goes into. */
export type FirstLoadPlan = Record<string, string>;

/** The lazy modules each first load starts from. */
const ROOTS = {
  login: /[\\/]web[\\/]src[\\/]auth[\\/]login-page\.tsx$/,
  signedIn: /[\\/]web[\\/]src[\\/]app[\\/]signed-in-area\.tsx$/,
  dashboard: /[\\/]web[\\/]src[\\/]dashboard[\\/]dashboard-page\.tsx$/,
};
type Root = keyof typeof ROOTS | "entry";

export function planFirstLoad(bundle: Record<string, PlannedChunk>): FirstLoadPlan {
  const needs = new Map<string, Set<Root>>();
  for (const [file, chunk] of Object.entries(bundle)) {
    if (chunk.type !== "chunk") continue;
    const root = chunk.isEntry ? "entry" : rootOf(chunk.facadeModuleId);
    if (!root) continue;
    for (const needed of staticClosure(file, bundle)) {
      needs.set(needed, (needs.get(needed) ?? new Set<Root>()).add(root));
    }
  }
  const plan: FirstLoadPlan = {};
  for (const [file, roots] of needs) {
    const name = chunkFor(roots);
    if (name) { for (const id of bundle[file].moduleIds ?? []) plan[id] = name; }
  }
  return plan;
}

function rootOf(facade: string | null | undefined): Root | undefined {
  return facade
    ? (Object.keys(ROOTS) as (keyof typeof ROOTS)[]).find((root) => ROOTS[root].test(facade))
    : undefined;
}

/** Chunks below the entry's are already loaded by every page: they stay as they are. */
function chunkFor(roots: Set<Root>): string | null {
  if (roots.has("entry")) return null;
  const login = roots.has("login");
  const signedIn = roots.has("signedIn") || roots.has("dashboard");
  if (login && signedIn) return "app";
  if (login) return "login";
  return roots.has("signedIn") ? "signed-in" : "dashboard";
}

/** `file` and every chunk it imports statically, directly or not. */
function staticClosure(file: string, bundle: Record<string, PlannedChunk>): Set<string> {
  const found = new Set<string>();
  const queue = [file];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (found.has(next) || !bundle[next]) continue;
    found.add(next);
    queue.push(...(bundle[next].imports ?? []));
  }
  return found;
}

/** The planning build's plugin: writes the plan of the chunks it made to `planFile`. */
export function writeFirstLoadPlan(planFile: string): Plugin {
  return {
    name: "gatebot-first-load-plan",
    apply: "build",
    generateBundle(_options, bundle) {
      Deno.writeTextFileSync(planFile, JSON.stringify(planFirstLoad(bundle)));
    },
  };
}

/** A chunk namer for `codeSplitting.groups[].name` from a plan: null leaves a module be. */
export function firstLoadChunks(planFile: string): (id: string) => string | null {
  const plan: FirstLoadPlan = JSON.parse(Deno.readTextFileSync(planFile));
  return (id) => plan[id] ?? null;
}
