// The halts that concern the signed-in user: read at start, and again whenever the socket says a
// halt was set or released (on any instance), so the banner follows within a second.
import { proxy } from "valtio";
import { onSignOut } from "../session/store.ts";
import { type HaltView, listHalts } from "./api.ts";

export const halts = proxy<{ active: HaltView[] }>({ active: [] });

let latest = 0;

export async function loadHalts() {
  // Two reloads racing: only the later answer counts.
  const mine = ++latest;
  const active = await listHalts().catch(() => null);
  if (active && mine === latest && !sameHalts(halts.active, active)) halts.active = active;
}

// Most reloads bring the list unchanged (every socket join; a halt set on another user): a new
// array in the store would still notify every reader, and re-render any that compares it whole.
function sameHalts(a: readonly HaltView[], b: readonly HaltView[]) {
  return a.length === b.length && a.every((h, i) => sameHalt(h, b[i]));
}

function sameHalt(a: HaltView, b: HaltView) {
  const keys = Object.keys(a) as (keyof HaltView)[];
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

onSignOut(() => {
  latest++;
  halts.active = [];
});
