// What the relay's worker (relay.ts) and the app's thread share without a message: each loopback
// connection's client address, which the app reads synchronously for every request, and the
// guard's counters. The relay writes an address before passing the connection's first byte, and
// publishes it by storing its length last, so a request never sees half of one.

/** Every local port a loopback connection can have. */
const PORTS = 65536;
/** An address's text: IPv6 (45) with a zone id (`%` and an interface name of at most 15). */
const ADDRESS_BYTES = 64;

export const COUNTER_NAMES = [
  "headerTimeouts",
  "bodyTimeouts",
  "framesTooBig",
  "closesUnanswered",
  "addressFull",
] as const;
export type CounterName = typeof COUNTER_NAMES[number];
export type Counters = Readonly<Record<CounterName, number>>;

/** The buffers, as posted to the worker. */
export interface SharedBuffers {
  lengths: SharedArrayBuffer;
  text: SharedArrayBuffer;
  ports: SharedArrayBuffer;
  counters: SharedArrayBuffer;
}

export function sharedBuffers(): SharedBuffers {
  return {
    lengths: new SharedArrayBuffer(PORTS * 4),
    text: new SharedArrayBuffer(PORTS * ADDRESS_BYTES),
    ports: new SharedArrayBuffer(PORTS * 2),
    counters: new SharedArrayBuffer(COUNTER_NAMES.length * 4),
  };
}

/** The client behind each loopback connection, by that connection's local port. */
export class ClientAddresses {
  #lengths: Int32Array;
  #text: Uint8Array;
  #ports: Uint16Array;

  constructor(buffers: SharedBuffers) {
    this.#lengths = new Int32Array(buffers.lengths);
    this.#text = new Uint8Array(buffers.text);
    this.#ports = new Uint16Array(buffers.ports);
  }

  set(localPort: number, client: Deno.NetAddr) {
    const { hostname } = client;
    // Longer than any address: the app then sees the loopback connection's own.
    if (hostname.length > ADDRESS_BYTES) return;
    const at = localPort * ADDRESS_BYTES;
    for (let i = 0; i < hostname.length; i++) this.#text[at + i] = hostname.charCodeAt(i);
    this.#ports[localPort] = client.port;
    Atomics.store(this.#lengths, localPort, hostname.length);
  }

  delete(localPort: number) {
    Atomics.store(this.#lengths, localPort, 0);
  }

  get(localPort: number): Deno.NetAddr | undefined {
    const length = Atomics.load(this.#lengths, localPort);
    if (length === 0) return undefined;
    const at = localPort * ADDRESS_BYTES;
    return {
      transport: "tcp",
      hostname: String.fromCharCode(...this.#text.subarray(at, at + length)),
      port: this.#ports[localPort],
    };
  }
}

export function addToCounter(buffers: SharedBuffers, name: CounterName) {
  Atomics.add(new Int32Array(buffers.counters), COUNTER_NAMES.indexOf(name), 1);
}

/** The counters as they stand whenever a field is read. */
export function readCounters(buffers: SharedBuffers): Counters {
  const cells = new Int32Array(buffers.counters);
  return Object.defineProperties(
    {},
    Object.fromEntries(COUNTER_NAMES.map((name, i) => [name, {
      enumerable: true,
      get: () => Atomics.load(cells, i),
    }])),
  ) as Counters;
}
