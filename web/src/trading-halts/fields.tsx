// What the halt and limit forms share: the user and exchange selects, and a submit that shows its
// progress and turns a failure into a message.
import { NativeSelect, type NativeSelectProps } from "@mantine/core";
import { useState } from "react";
import { HALT_EXCHANGES } from "../../../server/trading-halts/schema.ts";
import { useT } from "../i18n/index.ts";
import { errorText, notifyError } from "../ui/notify.ts";

export type UserOption = { id: number; username: string };

export function UserSelect(props: NativeSelectProps & { users: UserOption[] }) {
  const t = useT();
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
  const t = useT();
  return (
    <NativeSelect
      label={t("halts.exchange")}
      data={HALT_EXCHANGES.map((e) => ({ value: e, label: t(`menu.${e}`) }))}
      {...props}
    />
  );
}

/** `run(action)`: busy while it runs; a failure is shown with `failedKey` as the fallback text. */
export function useBusy(failedKey: string) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      notifyError(errorText(err, t(failedKey)));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
