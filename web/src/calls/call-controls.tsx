// Lead and above (docs/calls.md#sending-a-call): the count selector (1-10), the call target
// selector (BUY, SELL, BUY ONLY, SELL ONLY, RING ONLY and every listed pair) and CALL, which glows
// while the call lives.
import { Button, Group, NativeSelect } from "@mantine/core";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { CALL_TARGETS } from "../../../server/calls/target.shared.ts";
import { CALL_COUNT_MAX, CALL_COUNT_MIN } from "../../../server/calls/call-count.shared.ts";
import { can } from "../../../server/auth/roles.shared.ts";
import { session } from "../session/store.ts";
import { market } from "../market/store.ts";
import { sendCall } from "./actions.ts";
import { calls } from "./store.ts";
import { callsMessages } from "./messages.ts";

const COUNTS = Array.from(
  { length: CALL_COUNT_MAX - CALL_COUNT_MIN + 1 },
  (_, i) => String(CALL_COUNT_MIN + i),
);

/** True until `until` (epoch ms), re-rendering when it passes. */
function useUntil(until: number) {
  const [, setTick] = useState(0);
  const left = until - Date.now();
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setTick((n) => n + 1), left);
    return () => clearTimeout(timer);
  }, [until]);
  return left > 0;
}

/** `dense`: a phone's narrower target select and button. */
export function CallControls({ dense = false }: { dense?: boolean }) {
  const t = callsMessages.useT();
  const { user } = useSnapshot(session);
  const { pairs } = useSnapshot(market);
  const { sending, glowUntil } = useSnapshot(calls);
  const [count, setCount] = useState("1");
  const [target, setTarget] = useState<string>("BUY");
  const glowing = useUntil(glowUntil);
  if (!user || !can(user.role, "calls.send")) return null;

  const targets = [
    ...CALL_TARGETS.map((value) => ({ value, label: t(`calls.target.${value}`) })),
    ...pairs.map((p) => ({ value: p.value, label: p.label })),
  ];
  return (
    <Group gap={6} wrap="nowrap" data-testid="call-controls">
      <NativeSelect
        size="xs"
        aria-label={t("calls.count")}
        data={COUNTS}
        value={count}
        onChange={(e) => setCount(e.currentTarget.value)}
        data-testid="call-count"
      />
      <NativeSelect
        size="xs"
        w={dense ? 104 : undefined}
        aria-label={t("calls.target")}
        data={targets}
        value={target}
        onChange={(e) => setTarget(e.currentTarget.value)}
        data-testid="call-target"
      />
      <Button
        size="xs"
        color="yellow"
        autoContrast
        px={dense ? 8 : undefined}
        loading={sending}
        onClick={() => sendCall(target, Number(count))}
        data-testid="call-button"
        data-glowing={glowing || undefined}
        style={glowing
          ? {
            boxShadow: "0 0 10px 3px var(--mantine-color-yellow-4)",
            transition: "box-shadow .3s",
          }
          : undefined}
      >
        {t("calls.call")}
      </Button>
    </Group>
  );
}
