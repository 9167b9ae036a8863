// A user's trading settings (docs/screens.md#trading-settings): Admin and SuperAdmin edit them from
// /manage-users; everyone sees their own from the avatar menu, read-only where the server gives
// them no say (server/users/schema.ts SELF_FIELDS: those change from the topbar and calls, not
// here).
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useSnapshot } from "valtio";
import { BOT_MODES } from "../../../server/db/enums.shared.ts";
import { DEFAULT_PAIR, exchangeTitle } from "../../../server/exchanges/pairs.shared.ts";
import { usePairOptions } from "../trading/use-pair-options.ts";
import { can, canActOn } from "../../../server/auth/roles.shared.ts";
import {
  type TradingSettingsForm,
  tradingSettingsFormSchema,
  type UpdateUserInput,
} from "../../../server/users/schema.ts";
import type { ModalProps } from "../ui/modal-props.ts";
import { type PublicUser, session, updateUser } from "../session/store.ts";
import { pairOnExchange, TRADING_EXCHANGES, tradingExchange } from "../market/pairs.ts";
import { zodValidate } from "../ui/form.ts";
import { useAttempt } from "../ui/attempt.ts";
import { ModalActions } from "../ui/modal-actions.tsx";
import { errorText, notifyError } from "../ui/notify.ts";
import { readCoinFunds, updateUserRequest } from "./api.ts";
import { combineMessages } from "../i18n/index.ts";
import { botModeMessages } from "../ui/bot-mode-messages.ts";
import { commonMessages } from "../i18n/common-messages.ts";
import { settingsMessages } from "./settings-messages.ts";

const messages = combineMessages(botModeMessages, commonMessages, settingsMessages);

type Settings = Required<TradingSettingsForm>;

const settingsOf = (u: PublicUser): Settings => ({
  pair: u.pair,
  exchange: u.exchange,
  useBot: u.useBot,
  tradingAmount: u.tradingAmount,
  coinTradingAmount: u.coinTradingAmount,
  spread: u.spread,
  isAutoSpread: u.isAutoSpread,
  numberOfTran: u.numberOfTran,
  fraction: u.fraction,
  isFull: u.isFull,
  isRandom: u.isRandom,
  group: u.group,
});

const AMOUNTS = ["tradingAmount", "coinTradingAmount", "spread", "fraction"] as const;
const FLAGS = ["isAutoSpread", "isFull", "isRandom"] as const;

/** The fields whose value differs from what the server holds (amounts compared as numbers). */
function changedFields(from: Settings, to: Settings): UpdateUserInput {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(to) as (keyof Settings)[]) {
    const same = (AMOUNTS as readonly string[]).includes(key)
      ? Number(from[key]) === Number(to[key])
      : from[key] === to[key];
    if (!same) out[key] = to[key];
  }
  return out as UpdateUserInput;
}

/** From the avatar menu: the signed-in user's own settings. */
export default function MyTradingSettingsModal(props: ModalProps) {
  const { user } = useSnapshot(session);
  return user ? <TradingSettingsModal {...props} target={user as PublicUser} /> : null;
}

export function TradingSettingsModal({ opened, onClose, target, onSaved }: ModalProps & {
  target: PublicUser;
  onSaved?: (user: PublicUser) => void;
}) {
  const t = messages.useT();
  const me = useSnapshot(session).user as PublicUser | null;
  const editable = !!me && can(me.role, "users.editOthers") && canActOn(me.role, target.role);
  const { busy, attempt } = useAttempt(onClose);
  const [saved, setSaved] = useState(() => settingsOf(target));
  const [funds, setFunds] = useState<string | null>(null);
  const form = useForm<Settings>({
    initialValues: saved,
    validate: zodValidate(tradingSettingsFormSchema),
  });

  const submit = form.onSubmit(async (values) => {
    const body = changedFields(saved, values);
    if (Object.keys(body).length === 0) return onClose();
    await attempt(async () => {
      const user = await updateUserRequest(target.id, body);
      if (user.id === session.user?.id) updateUser(user);
      setSaved(settingsOf(user));
      onSaved?.(user);
      return t("settings.saved", { username: user.username });
    }, t("settings.saveFailed"));
  });

  const readFunds = async () => {
    try {
      const read = await readCoinFunds(target.id);
      setFunds(t("settings.fundsOf", {
        amount: read.coinFunds,
        asset: read.asset,
        exchange: exchangeTitle(read.exchange),
      }));
    } catch (err) {
      notifyError(errorText(err, t("settings.fundsFailed")));
    }
  };

  const field = (name: keyof Settings) => ({
    label: t(`settings.field.${name}`),
    description: t(`settings.help.${name}`),
    disabled: !editable,
    "data-testid": `settings-${name}`,
  });
  const exchange = tradingExchange(form.values.exchange);
  // Only what the exchange's markets trade; a stored pair they do not gives way to the default.
  const pairs = usePairOptions(exchange, (loaded) => {
    if (!loaded.some((p) => p.value === form.values.pair)) form.setFieldValue("pair", DEFAULT_PAIR);
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      centered
      title={me?.id === target.id
        ? t("settings.myTitle")
        : t("settings.title", { username: target.username })}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {!editable && <Text c="dimmed" size="sm">{t("settings.readOnly")}</Text>}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              {...field("exchange")}
              data={TRADING_EXCHANGES.map((e) => ({ value: e, label: exchangeTitle(e) }))}
              {...form.getInputProps("exchange")}
              onChange={(e) => {
                const next = e.currentTarget.value as Settings["exchange"];
                form.setFieldValue("exchange", next);
                form.setFieldValue("pair", pairOnExchange(form.values.pair, next));
              }}
            />
            <NativeSelect
              {...field("pair")}
              data={pairs}
              {...form.getInputProps("pair")}
            />
            <NativeSelect
              {...field("useBot")}
              data={BOT_MODES.map((m) => ({ value: m, label: t(`botMode.${m}`) }))}
              {...form.getInputProps("useBot")}
            />
            <TextInput {...field("group")} {...form.getInputProps("group")} />
            {AMOUNTS.map((name) => (
              <TextInput
                key={name}
                inputMode="decimal"
                {...field(name)}
                {...form.getInputProps(name)}
              />
            ))}
            <NumberInput
              {...field("numberOfTran")}
              min={1}
              max={10}
              allowDecimal={false}
              clampBehavior="none"
              {...form.getInputProps("numberOfTran")}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>{t("settings.field.coinFunds")}</Text>
              <Text size="xs" c="dimmed">{t("settings.help.coinFunds")}</Text>
              <Group gap="xs">
                <Text size="sm" data-testid="settings-coinFunds">
                  {funds ?? target.coinFunds}
                </Text>
                <Button
                  size="compact-xs"
                  variant="light"
                  onClick={readFunds}
                  data-testid="settings-read-funds"
                >
                  {t("settings.readFunds")}
                </Button>
              </Group>
            </Stack>
          </SimpleGrid>
          {FLAGS.map((name) => (
            <Checkbox
              key={name}
              {...field(name)}
              {...form.getInputProps(name, { type: "checkbox" })}
            />
          ))}
          <ModalActions
            onClose={onClose}
            closeLabel={t("common.close")}
            label={editable ? t("common.save") : undefined}
            busy={busy}
            testId="settings-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}
