// Setting one user's maxima on one exchange; both empty removes the limit.
import { Button, Group, NativeSelect, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { HALT_EXCHANGES, setLimitSchema } from "../../../server/trading-halts/schema.ts";
import { useT } from "../i18n/index.ts";
import { zodValidate } from "../ui/form.ts";
import { errorText, notifyError, notifySuccess } from "../ui/notify.ts";
import { setLimit } from "./api.ts";

const orNull = (v: string) => v.trim() === "" ? null : v.trim();

export function LimitForm(
  { users, onSaved }: { users: { id: number; username: string }[]; onSaved: () => void },
) {
  const t = useT();
  const [busy, setBusy] = useState(false);
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

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await setLimit(values);
      notifySuccess(t("limits.saved"));
      onSaved();
    } catch (err) {
      notifyError(errorText(err, t("limits.failed")));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} data-testid="limit-form">
      <Group align="end" wrap="wrap">
        <NativeSelect
          label={t("halts.user")}
          data={[
            { value: "", label: "—" },
            ...users.map((u) => ({ value: String(u.id), label: u.username })),
          ]}
          {...form.getInputProps("userId")}
          data-testid="limit-user"
        />
        <NativeSelect
          label={t("halts.exchange")}
          data={HALT_EXCHANGES.map((e) => ({ value: e, label: t(`menu.${e}`) }))}
          {...form.getInputProps("exchange")}
          data-testid="limit-exchange"
        />
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
