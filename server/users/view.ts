// The answers about users the client reads beyond the public user (public-user.ts).
export type { CoinFunds } from "./coin-funds.ts";
