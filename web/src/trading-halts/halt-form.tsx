// Halting trading: for everyone, one exchange or one user, with a reason everyone will read; asked
// once more in a dialog that shows the banner the halt puts up.
import { Button, Checkbox, Group, NativeSelect, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import {
  type CreateHaltInput,
  createHaltSchema,
  HALT_EXCHANGES,
} from "../../../server/trading-halts/schema.ts";
import { zodValidate } from "../ui/form.ts";
import { ConfirmModal } from "../ui/confirm-modal.tsx";
import { ExchangeSelect, type UserOption, UserSelect } from "./fields.tsx";
import { createHalt } from "./api.ts";
import { haltText } from "./halt-banner.tsx";
import { loadHalts } from "./store.ts";
import { haltsMessages } from "./messages.ts";

type Scope = "all" | "exchange" | "user";

export function HaltForm({ users }: { users: UserOption[] }) {
  const t = haltsMessages.useT();
  const [asked, setAsked] = useState<CreateHaltInput | null>(null);
  const form = useForm({
    initialValues: {
      scope: "all" as Scope,
      exchange: "binance",
      userId: "",
      reason: "",
      stopsClosing: false,
    },
    transformValues: (v) => ({
      scope: v.scope,
      exchange: v.scope === "exchange" ? v.exchange as (typeof HALT_EXCHANGES)[number] : undefined,
      userId: v.scope === "user" && v.userId ? Number(v.userId) : undefined,
      reason: v.reason,
      stopsClosing: v.stopsClosing,
    }),
    validate: (v) =>
      zodValidate(createHaltSchema)({
        ...v,
        exchange: v.scope === "exchange" ? v.exchange : undefined,
        userId: v.scope === "user" && v.userId ? Number(v.userId) : undefined,
      }),
  });
  const scope = form.values.scope;

  const submit = form.onSubmit((values) => setAsked(values));
  const banner = asked && haltText(t, {
    scope: asked.scope,
    exchange: asked.exchange ?? null,
    username: users.find((u) => u.id === asked.userId)?.username ?? null,
    reason: asked.reason,
  });

  return (
    <form onSubmit={submit} data-testid="halt-form">
      <Group align="end" wrap="wrap">
        <NativeSelect
          label={t("halts.scope")}
          data={(["all", "exchange", "user"] as const).map((s) => ({
            value: s,
            label: t(`halts.scope.${s}`),
          }))}
          {...form.getInputProps("scope")}
          data-testid="halt-scope"
        />
        {scope === "exchange" && (
          <ExchangeSelect {...form.getInputProps("exchange")} data-testid="halt-exchange" />
        )}
        {scope === "user" && (
          <UserSelect users={users} {...form.getInputProps("userId")} data-testid="halt-user" />
        )}
        <TextInput
          label={t("halts.reason")}
          maxLength={200}
          miw={260}
          {...form.getInputProps("reason")}
          data-testid="halt-reason"
        />
        <Checkbox
          label={t("halts.stopsClosing")}
          {...form.getInputProps("stopsClosing", { type: "checkbox" })}
          data-testid="halt-stops-closing"
        />
        <Button type="submit" color="red" data-testid="halt-submit">
          {t("halts.halt")}
        </Button>
      </Group>
      {asked && (
        <ConfirmModal
          title={t("halts.confirmTitle")}
          message={t("halts.confirmMessage")}
          confirmLabel={t("halts.halt")}
          color="red"
          testId="halt-confirm"
          action={async () => {
            await createHalt(asked);
            form.setFieldValue("reason", "");
            await loadHalts();
            return t("halts.halted");
          }}
          failed={t("halts.failed")}
          onClose={() => setAsked(null)}
        >
          <Text fw={700}>{banner}</Text>
        </ConfirmModal>
      )}
    </form>
  );
}
