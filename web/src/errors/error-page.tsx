import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { Link } from "wouter";
import { commonMessages } from "../i18n/common-messages.ts";

/** The error pages (docs/screens.md#error-pages), each with BACK HOME. */
export function ErrorPage({ code }: { code: 404 | 500 }) {
  const t = commonMessages.useT();
  const [title, body] = code === 404
    ? [t("errors.notFoundTitle"), t("errors.notFoundBody")]
    : [t("errors.serverTitle"), t("errors.serverBody")];
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" data-testid={`error-${code}`}>
        <Title order={1} c="dimmed">{code}</Title>
        <Title order={3}>{title}</Title>
        <Text c="dimmed" ta="center">{body}</Text>
        <Button component={Link} href="/dashboard">{t("errors.backHome")}</Button>
      </Stack>
    </Center>
  );
}
