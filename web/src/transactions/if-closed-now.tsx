// An open row's result if closed now in a transaction list, following the pushed prices
// (live-unrealized.ts), as the Open positions panel does. Loaded after the list's first paint
// (transaction-columns.tsx), which shows the server's figure until then: the rule brings
// decimal.js, 12 KB compressed that a dashboard's first load need not wait for.
import { type Snapshot, useSnapshot } from "valtio";
import { market } from "../market/store.ts";
import type { TransactionView } from "./api.ts";
import { IfClosedText } from "./if-closed-text.tsx";
import { liveUnrealized } from "./live-unrealized.ts";

export default function IfClosedNow(
  { tx, label }: { tx: Snapshot<TransactionView>; label: string },
) {
  const { exchange, prices } = useSnapshot(market);
  return <IfClosedText value={liveUnrealized(tx, exchange, prices)} label={label} />;
}
