// Setting one user's maxima on one exchange; both empty removes the limit.
import { Button, Group, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { HALT_EXCHANGES, setLimitSchema } from "../../../server/trading-halts/schema.ts";
import { useT } from "../i18n/index.ts";
import { zodValidate } from "../ui/form.ts";
import { notifySuccess } from "../ui/notify.ts";
import { ExchangeSelect, useBusy, type UserOption, UserSelect } from "./fields.tsx";
import { setLimit } from "./api.ts";

const orNull = (v: string) => v.trim() === "" ? null : v.trim();

export function LimitForm(
  { users, onSaved }: { users: UserOption[]; onSaved: () => void },
) {
  const t = useT();
  const { busy, run } = useBusy("limits.failed");
  const form = useForm({
    initialValues: { userId: "", exchange: "binance", maxPerOrder: "", maxPerDay: "" },
    transformValues: (v) => ({
      userId: Number(v.userId),
      exchange: v.exchange as (typeof HALT_EXCHANGES)[number],
      maxPerOrder: orNull(v.maxPerOrder),
      maxPerDay: orNull(v.maxPerDay),
    }),
    validate: (v) =>
      zodValidate(setLimitSchema)({
        userId: v.userId ? Number(v.userId) : undefined,
        exchange: v.exchange,
        maxPerOrder: orNull(v.maxPerOrder),
        maxPerDay: orNull(v.maxPerDay),
      }),
  });

  const submit = form.onSubmit((values) =>
    run(async () => {
      await setLimit(values);
      notifySuccess(t("limits.saved"));
      onSaved();
    })
  );

  return (
    <form onSubmit={submit} data-testid="limit-form">
      <Group align="end" wrap="wrap">
        <UserSelect users={users} {...form.getInputProps("userId")} data-testid="limit-user" />
        <ExchangeSelect {...form.getInputProps("exchange")} data-testid="limit-exchange" />
        <TextInput
          label={t("limits.maxPerOrder")}
          placeholder={t("limits.none")}
          inputMode="decimal"
          {...form.getInputProps("maxPerOrder")}
          data-testid="limit-per-order"
        />
        <TextInput
          label={t("limits.maxPerDay")}
          placeholder={t("limits.none")}
          inputMode="decimal"
          {...form.getInputProps("maxPerDay")}
          data-testid="limit-per-day"
        />
        <Button type="submit" loading={busy} data-testid="limit-submit">{t("limits.save")}</Button>
      </Group>
    </form>
  );
}
