// The pairs a picker offers for an exchange, as the server says its markets trade them
// (GET /Summaries/list-price-support): the spec's list less what the exchange does not trade.
import { useEffect, useState } from "react";
import { fetchPairOptions, type PairOption } from "../market/api.ts";

/** Empty until the server answers; `onLoaded` sees each answer (to drop a pair no longer offered). */
export function usePairOptions(exchange: string, onLoaded?: (options: PairOption[]) => void) {
  const [options, setOptions] = useState<PairOption[]>([]);
  useEffect(() => {
    let current = true;
    fetchPairOptions(exchange).then((loaded) => {
      if (!current) return;
      setOptions(loaded);
      onLoaded?.(loaded);
    }, () => {});
    return () => {
      current = false;
    };
    // onLoaded is the caller's reaction, not an input: a new closure each render must not refetch.
  }, [exchange]);
  return options;
}
