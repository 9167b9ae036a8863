// What the halt and limit forms share: the user and exchange selects.
import { NativeSelect, type NativeSelectProps } from "@mantine/core";
import { HALT_EXCHANGES } from "../../../server/trading-halts/schema.ts";
import { combineMessages } from "../i18n/index.ts";
import { menuMessages } from "../i18n/menu-messages.ts";
import { haltsMessages } from "./messages.ts";

const messages = combineMessages(menuMessages, haltsMessages);

export type UserOption = { id: number; username: string };

export function UserSelect(props: NativeSelectProps & { users: UserOption[] }) {
  const t = messages.useT();
  const { users, ...rest } = props;
  return (
    <NativeSelect
      label={t("halts.user")}
      data={[
        { value: "", label: "—" },
        ...users.map((u) => ({ value: String(u.id), label: u.username })),
      ]}
      {...rest}
    />
  );
}

export function ExchangeSelect(props: NativeSelectProps) {
  const t = messages.useT();
  return (
    <NativeSelect
      label={t("halts.exchange")}
      data={HALT_EXCHANGES.map((e) => ({ value: e, label: t(`menu.${e}`) }))}
      {...props}
    />
  );
}
