// Above every page, for Admins, while an account's latest check is a drift nobody acknowledged.
import { Alert, Anchor } from "@mantine/core";
import { useEffect } from "react";
import { useSnapshot } from "valtio";
import { Link } from "wouter";
import { session } from "../session/store.ts";
import { loadReconciliation, mayReconcile, reconciliation } from "./store.ts";
import { reconciliationMessages } from "./messages.ts";

export function DriftBanner() {
  const t = reconciliationMessages.useT();
  const { user } = useSnapshot(session);
  const { view } = useSnapshot(reconciliation);
  const admin = !!user && mayReconcile();
  useEffect(() => void (admin && loadReconciliation()), [admin]);
  if (!admin || !view?.openDrifts) return null;
  return (
    <Alert
      color="orange"
      variant="filled"
      mb="md"
      title={t("recon.bannerTitle")}
      data-testid="drift-banner"
    >
      {t("recon.banner", { count: view.openDrifts })}{" "}
      <Anchor component={Link} href="/reconciliation" c="white" underline="always">
        {t("recon.bannerLink")}
      </Anchor>
    </Alert>
  );
}
