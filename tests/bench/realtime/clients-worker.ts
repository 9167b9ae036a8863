// A share of the benchmark's sockets, in a worker thread so that receiving 1,000 messages is spread
// over threads and the harness is not what the figures measure. Times are absolute (timeOrigin +
// now) so they compare across threads.
/// <reference lib="deno.worker" />
import type { ServerMessage } from "../../../server/realtime/protocol.ts";

export type WorkerCommand =
  | { cmd: "connect"; base: string; tokens: string[] }
  | { cmd: "collect"; id: string }
  | { cmd: "prices" }
  | { cmd: "close" };

export type WorkerReply =
  | { reply: "connected" }
  | { reply: "call"; id: string; times: number[] }
  | { reply: "prices"; count: number }
  | { reply: "closed" };

const now = () => performance.timeOrigin + performance.now();
const arrivals = new Map<string, number[]>();
const sockets: WebSocket[] = [];
let share = 0;
let prices = 0;

const post = (msg: WorkerReply) => self.postMessage(msg);

function open(base: string, token: string) {
  return new Promise<void>((resolve, reject) => {
    const ws = new WebSocket(`ws://${base}/api/socket?token=${token}`);
    ws.onopen = () => ws.send(JSON.stringify({ type: "JoinGroup", exchange: "binance" }));
    ws.onerror = (e) => reject(new Error(`socket refused: ${(e as ErrorEvent).message}`));
    ws.onmessage = (e) => {
      const msg = JSON.parse(e.data) as ServerMessage;
      if (msg.type === "joined") resolve();
      else if (msg.type === "price") prices++;
      else if (msg.type === "call") {
        const list = arrivals.get(msg.call.id) ?? [];
        list.push(now());
        arrivals.set(msg.call.id, list);
        // The whole share has it: report at once rather than wait to be asked.
        if (list.length === share) post({ reply: "call", id: msg.call.id, times: list });
      }
    };
    sockets.push(ws);
  });
}

self.onmessage = async (e: MessageEvent<WorkerCommand>) => {
  const msg = e.data;
  switch (msg.cmd) {
    case "connect":
      share = msg.tokens.length;
      for (let i = 0; i < msg.tokens.length; i += 25) {
        await Promise.all(msg.tokens.slice(i, i + 25).map((t) => open(msg.base, t)));
      }
      return post({ reply: "connected" });
    case "collect":
      return post({ reply: "call", id: msg.id, times: arrivals.get(msg.id) ?? [] });
    case "prices":
      return post({ reply: "prices", count: prices });
    case "close":
      await Promise.all(sockets.map((ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          ws.onclose = () => resolve();
          ws.close();
        })
      ));
      return post({ reply: "closed" });
  }
};
