// The relay's worker (relay.ts): started by serveGuarded (connection-guard.ts), which asks it to
// start, to stop accepting and to close, one at a time, and waits for each answer.

import { type Relay, type RelayOptions, startRelay } from "./relay.ts";
import type { SharedBuffers } from "./shared-state.ts";

export type ToRelay =
  | { type: "start"; options: RelayOptions; shared: SharedBuffers }
  | { type: "stop-accepting" }
  | { type: "close" };

export type FromRelay =
  | { type: "listening"; addr: Deno.NetAddr }
  | { type: "failed"; name: string; message: string }
  | { type: "done" };

const scope = globalThis as unknown as {
  onmessage: (event: MessageEvent<ToRelay>) => void;
  postMessage(message: FromRelay): void;
};

let relay: Relay | undefined;

scope.onmessage = async ({ data }) => {
  if (data.type === "start") {
    try {
      relay = startRelay(data.options, data.shared);
      scope.postMessage({ type: "listening", addr: relay.addr as Deno.NetAddr });
    } catch (err) {
      const { name, message } = err as Error;
      scope.postMessage({ type: "failed", name, message });
    }
    return;
  }
  await (data.type === "stop-accepting" ? relay?.stopAccepting() : relay?.close());
  scope.postMessage({ type: "done" });
};
