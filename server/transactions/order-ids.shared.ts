// The exchange's client order id of a transaction's opening and closing orders (no server imports:
// the client names them too).
export const openOrderId = (id: number) => `tx${id}`;
export const closeOrderId = (id: number) => `tx${id}c`;
