import { Stack, Title } from "@mantine/core";
import { useT } from "../i18n/index.ts";

export default function DashboardPage() {
  const t = useT();
  return (
    <Stack>
      <Title order={3} data-testid="dashboard-title">{t("menu.dashboard")}</Title>
    </Stack>
  );
}
