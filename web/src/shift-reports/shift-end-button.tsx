// The topbar's SHIFT END button (every role): opens the Shift Report form.
import { Button } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { shiftReportMessages } from "./messages.ts";

const ShiftReportModal = lazy(() => import("./shift-report-modal.tsx"));

export function ShiftEndButton({ compact = false }: { compact?: boolean }) {
  const t = shiftReportMessages.useT();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        color="orange"
        size={compact ? "xs" : "sm"}
        onClick={() => setOpened(true)}
        data-testid="shift-end"
      >
        {t("shiftReport.button")}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ShiftReportModal opened onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
