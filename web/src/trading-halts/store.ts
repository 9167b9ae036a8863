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
  if (active && mine === latest) halts.active = active;
}

onSignOut(() => {
  latest++;
  halts.active = [];
});
