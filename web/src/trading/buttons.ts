// The BUY and SELL buttons' click debounce. Pure: tested under Deno.
/**
 * Clicks debounced by `ms` (docs/trading.md#placing-an-order: 1 s): the first click acts at once;
 * another click less than `ms` after the previous one is ignored and restarts the wait.
 */
export function clickDebounce(ms: number, now: () => number = Date.now) {
  let last = -Infinity;
  return (): boolean => {
    const at = now();
    const accepted = at - last >= ms;
    last = at;
    return accepted;
  };
}
