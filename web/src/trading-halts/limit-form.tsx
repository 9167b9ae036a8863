// Setting one user's maxima on one exchange; both empty removes the limit.
import { Button, Group, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type SetLimitInput, setLimitSchema } from "../../../server/trading-halts/schema.ts";
import { zodValidate } from "../ui/form.ts";
import { useAttempt } from "../ui/attempt.ts";
import { ExchangeSelect, type UserOption, UserSelect } from "./fields.tsx";
import { setLimit } from "./api.ts";
import { haltsMessages } from "./messages.ts";

const orNull = (v: string) => v.trim() === "" ? null : v.trim();

const MAXIMA = [
  { name: "maxPerOrder", testId: "limit-per-order" },
  { name: "maxPerDay", testId: "limit-per-day" },
] as const;

type Values = { userId: string; exchange: string; maxPerOrder: string; maxPerDay: string };

/** The request's body; a form without a user fails the schema, so nothing is sent. */
const bodyOf = (v: Values) =>
  ({
    userId: v.userId ? Number(v.userId) : undefined,
    exchange: v.exchange as SetLimitInput["exchange"],
    maxPerOrder: orNull(v.maxPerOrder),
    maxPerDay: orNull(v.maxPerDay),
  }) as SetLimitInput;

export function LimitForm(
  { users, onSaved }: { users: UserOption[]; onSaved: () => void },
) {
  const t = haltsMessages.useT();
  const { busy, attempt } = useAttempt();
  const form = useForm({
    initialValues: { userId: "", exchange: "binance", maxPerOrder: "", maxPerDay: "" },
    transformValues: bodyOf,
    validate: (v) => zodValidate(setLimitSchema)(bodyOf(v)),
  });

  const submit = form.onSubmit((values) =>
    attempt(async () => {
      await setLimit(values);
      onSaved();
      return t("limits.saved");
    }, t("limits.failed"))
  );

  return (
    <form onSubmit={submit} data-testid="limit-form">
      <Group align="end" wrap="wrap">
        <UserSelect users={users} {...form.getInputProps("userId")} data-testid="limit-user" />
        <ExchangeSelect {...form.getInputProps("exchange")} data-testid="limit-exchange" />
        {MAXIMA.map(({ name, testId }) => (
          <TextInput
            key={name}
            label={t(`limits.${name}`)}
            placeholder={t("limits.none")}
            inputMode="decimal"
            {...form.getInputProps(name)}
            data-testid={testId}
          />
        ))}
        <Button type="submit" loading={busy} data-testid="limit-submit">{t("limits.save")}</Button>
      </Group>
    </form>
  );
}
