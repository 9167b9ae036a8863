// The server's clock as this device reads it. Times the server stamps (a position's opening) are
// counted from it, not from the device's own clock, which a phone may have minutes off. Learnt from
// each pushed price's stamp, the time the server sent it: the message's trip makes the server look
// a few milliseconds behind, far under the second the desk counts in. Until a price arrives, the
// device's clock is all there is.
let offset = 0;

export const serverNow = () => Date.now() + offset;

export function heardServerAt(at: number) {
  offset = at - Date.now();
}
