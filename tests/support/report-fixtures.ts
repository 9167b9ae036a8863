// Rows for the shift, report and profit tests, inserted straight into the tables (the
// transactions area creates them for real; these tests only read them).
import type { Db } from "../../server/db/client.ts";
import { shiftReports, transactions, users } from "../../server/db/schema.ts";
import { testUniqueId } from "./unique-ids.ts";
import { resultOf } from "../../server/transactions/pnl.shared.ts";

type TransactionRow = typeof transactions.$inferInsert;

export function insertTransactions(
  db: Db,
  rows: (Partial<TransactionRow> & { userId: number; createdAt: Date })[],
) {
  return db.insert(transactions).values(rows.map((r) => ({
    status: "DONE" as const,
    pair: "btc_usdt",
    exchange: "binance" as const,
    adapter: "paper",
    marketPrice: "100",
    buyPrice: "100",
    sellPrice: "110",
    amount: "100",
    quantity: "1",
    ...r,
  }))).returning();
}

/**
 * The columns of a buy_sell round trip the bot closed: bought `quantity` at `bought`, sold it at
 * `sold`, each fill paying `fee` in USDT, and the result the close records.
 */
export function roundTrip(quantity: string, bought: string, sold: string, fee = "0") {
  const fills = {
    filledQuantity: quantity,
    avgPrice: bought,
    fee,
    feeAsset: "USDT",
    closeQuantity: quantity,
    filledPrice: sold,
    closeFee: fee,
    closeFeeAsset: "USDT",
  };
  return {
    useBot: "buy_sell" as const,
    ...fills,
    realizedPnl: resultOf(
      "btc_usdt",
      [
        { side: "BUY", quantity, price: bought, fee, feeAsset: "USDT" },
        { side: "SELL", quantity, price: sold, fee, feeAsset: "USDT" },
      ],
      sold,
      () => undefined,
    ),
  };
}

/** A user row with no way to sign in, for report data only. */
export async function insertUser(db: Db, username: string) {
  const [row] = await db.insert(users).values({
    username,
    email: `${username.slice(0, 40)}@example.com`,
    passwordHash: "x",
    uniqueId: testUniqueId(),
  }).returning();
  return row;
}

export function insertShiftReport(
  db: Db,
  row: Partial<typeof shiftReports.$inferInsert> & { userId: number; createdAt: Date },
) {
  return db.insert(shiftReports).values({
    account: "ACC",
    reportDate: row.createdAt.toISOString().slice(0, 10),
    ...row,
  }).returning();
}

/** The CSV records of a download, after checking it starts with the UTF-8 BOM. */
export async function csvLines(res: Response) {
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes[0] !== 0xef || bytes[1] !== 0xbb || bytes[2] !== 0xbf) {
    throw new Error("CSV download without a UTF-8 BOM");
  }
  // TextDecoder drops the BOM.
  return new TextDecoder().decode(bytes).split("\r\n").filter((l) => l !== "");
}
