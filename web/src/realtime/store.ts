// Whether the realtime socket is up: the topbar falls back to polling prices while it is not.
import { proxy } from "valtio";

export const realtime = proxy({ connected: false });
