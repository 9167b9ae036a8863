// A pair filter: every pair, or one (the profit page and the user summary report).
import { NativeSelect, type NativeSelectProps } from "@mantine/core";
import { PAIRS } from "../../../server/exchanges/pairs.shared.ts";
import { reportsMessages } from "./messages.ts";

export function PairFilter(props: NativeSelectProps) {
  const t = reportsMessages.useT();
  return (
    <NativeSelect
      label={t("reports.pair")}
      data={[
        { value: "", label: t("reports.allPairs") },
        ...PAIRS.map((p) => ({ value: p.value, label: p.label })),
      ]}
      {...props}
    />
  );
}
