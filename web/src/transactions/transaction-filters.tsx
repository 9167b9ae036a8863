// The list filters (docs/trading.md#list-filters): pair, status (of the ALL list), sell price
// range, and for Admin and above the username and viewAll.
import { Button, Checkbox, Group, NativeSelect, TextInput } from "@mantine/core";
import { memo, useState } from "react";
import { useSnapshot } from "valtio";
import { TRANSACTION_STATUSES } from "../../../server/db/enums.shared.ts";
import { PAIRS } from "../../../server/exchanges/pairs.shared.ts";
import { numericText as numeric } from "../ui/numeric-text.ts";
import { type Filters, NO_FILTERS } from "./list-effects.ts";
import { setFilters, transactionLists } from "./store.ts";
import { combineMessages } from "../i18n/index.ts";
import { commonMessages } from "../i18n/common-messages.ts";
import { transactionsMessages } from "./messages.ts";

const messages = combineMessages(commonMessages, transactionsMessages);

/** The sell price range: the filter field, its label's message key and its test id. */
const SELL_PRICE_INPUTS = [
  ["sellPriceStart", "transactions.sellPriceFrom", "filter-sell-from"],
  ["sellPriceEnd", "transactions.sellPriceTo", "filter-sell-to"],
] as const;

/** Memo: the panel re-renders with each answer and page; the filters change only with a filter. */
export const TransactionFilters = memo(function TransactionFilters({ admin }: { admin: boolean }) {
  const t = messages.useT();
  const { filters } = useSnapshot(transactionLists.state);
  const [draft, setDraft] = useState<Filters>({ ...filters });
  const set = (fields: Partial<Filters>) => setDraft((d) => ({ ...d, ...fields }));
  const apply = (fields: Partial<Filters> = {}) => {
    const next = { ...draft, ...fields };
    setDraft(next);
    setFilters(next);
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <Group align="end" gap="xs" data-testid="transaction-filters">
        <NativeSelect
          size="xs"
          label={t("transactions.pair")}
          data={[
            { value: "", label: t("transactions.allPairs") },
            ...PAIRS.map((p) => ({ value: p.value, label: p.label })),
          ]}
          value={draft.pair}
          onChange={(e) => apply({ pair: e.currentTarget.value })}
          data-testid="filter-pair"
        />
        <NativeSelect
          size="xs"
          label={t("transactions.statusOfAll")}
          data={[
            { value: "", label: t("transactions.allStatuses") },
            ...TRANSACTION_STATUSES.map((s) => ({
              value: s,
              label: t(`transactions.status.${s}`),
            })),
          ]}
          value={draft.status}
          onChange={(e) => apply({ status: e.currentTarget.value as Filters["status"] })}
          data-testid="filter-status"
        />
        {SELL_PRICE_INPUTS.map(([field, label, testId]) => (
          <TextInput
            key={field}
            size="xs"
            w={110}
            label={t(label)}
            inputMode="decimal"
            value={draft[field]}
            onChange={(e) => set({ [field]: numeric(e.currentTarget.value) })}
            data-testid={testId}
          />
        ))}
        {admin && (
          <TextInput
            size="xs"
            w={140}
            label={t("transactions.username")}
            value={draft.username}
            onChange={(e) => set({ username: e.currentTarget.value })}
            data-testid="filter-username"
          />
        )}
        {admin && (
          <Checkbox
            size="xs"
            mb={6}
            label={t("transactions.viewAll")}
            checked={draft.viewAll}
            onChange={(e) => apply({ viewAll: e.currentTarget.checked })}
            data-testid="filter-view-all"
          />
        )}
        <Button size="xs" type="submit" data-testid="filter-apply">{t("common.search")}</Button>
        <Button size="xs" variant="default" onClick={() => apply(NO_FILTERS)}>
          {t("transactions.reset")}
        </Button>
      </Group>
    </form>
  );
});
