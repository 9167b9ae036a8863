// Under the '{from} CALLING' title: the seconds left, and for a User which side the call opens and
// why (docs/roles.md#trading-buttons-by-role: a User's bot mode gates each side, so a call aimed at
// the pair may open one side, or none, depending on the mode an Admin set).
import { Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { session } from "../session/store.ts";
import { tradeButtons } from "./buttons.ts";
import { type CallNotice, calls } from "./store.ts";
import { combineMessages } from "../i18n/index.ts";
import { botModeMessages } from "../ui/bot-mode-messages.ts";
import { callsMessages } from "./messages.ts";

const messages = combineMessages(botModeMessages, callsMessages);

const secondsLeft = (endsAt: number) => Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));

export function NoticeBody({ notice }: { notice: CallNotice }) {
  const t = messages.useT();
  const { user } = useSnapshot(session);
  const { activeBuy, activeSell } = useSnapshot(calls);
  const [left, setLeft] = useState(() => secondsLeft(notice.endsAt));
  useEffect(() => {
    setLeft(secondsLeft(notice.endsAt));
    const id = setInterval(() => setLeft(secondsLeft(notice.endsAt)), 250);
    return () => clearInterval(id);
  }, [notice.endsAt]);

  let side: string | null = null;
  if (user?.role === "User" && !notice.ringOnly) {
    const open = tradeButtons({ ...user, activeBuy, activeSell, creating: false });
    const mode = t(`botMode.${user.useBot}`);
    side = open.buy
      ? t("calls.sideBuy", { mode })
      : open.sell
      ? t("calls.sideSell", { mode })
      : t("calls.sideNone", { mode });
  }
  return (
    <>
      {notice.ringOnly && <Text fw={700}>{t("calls.enterTradingInfo")}</Text>}
      {side && <Text size="sm" data-testid="call-side">{side}</Text>}
      <Text size="sm" c="dimmed" data-testid="call-countdown">
        {t("calls.secondsLeft", { seconds: left })}
      </Text>
    </>
  );
}
