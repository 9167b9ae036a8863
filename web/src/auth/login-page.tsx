import {
  Alert,
  Anchor,
  Button,
  Center,
  Code,
  Group,
  Image,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useSnapshot } from "valtio";
import { useLocation, useSearch } from "wouter";
import { loginSchema, totpCodeSchema } from "../../../server/auth/login-schema.ts";
import { LanguageSelect } from "../i18n/language-select.tsx";
import { sessionNotice, signIn } from "../session/store.ts";
import { errorText } from "../ui/error-text.ts";
import { authenticate2fa, type Enrolment, generate2fa, loginRequest } from "./api.ts";
import { originFrom } from "./origin.ts";
import { zodValidate } from "../ui/form.ts";
import { authMessages } from "./messages.ts";

export default function LoginPage() {
  const t = authMessages.useT();
  const [, navigate] = useLocation();
  const search = useSearch();
  const { ended } = useSnapshot(sessionNotice);
  const [enrol, setEnrol] = useState<{ token: string; data: Enrolment } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const form = useForm({
    initialValues: { username: "", password: "", code: "" },
    validate: zodValidate(loginSchema),
  });
  const codeForm = useForm({
    initialValues: { code: "" },
    validate: zodValidate(totpCodeSchema),
  });

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(errorText(err, t("login.failed")));
    } finally {
      setBusy(false);
    }
  };

  const submitLogin = form.onSubmit((values) =>
    run(async () => {
      const result = await loginRequest({ ...values, code: values.code || undefined });
      if (result.generateSecret) {
        setEnrol({ token: result.token, data: await generate2fa(result.token) });
        return;
      }
      const { token, generateSecret: _, ...user } = result;
      signIn(user, token);
      navigate(originFrom(search), { replace: true });
    })
  );

  const submitCode = codeForm.onSubmit(({ code }) =>
    run(async () => {
      const { token, generateSecret: _, ...user } = await authenticate2fa(enrol!.token, code);
      signIn(user, token);
      navigate(originFrom(search), { replace: true });
    })
  );

  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="lg" radius="md" w={380} maw="100%">
        <Group justify="space-between" mb="md">
          <Title order={1} size="h3">Gate Bot</Title>
          <LanguageSelect />
        </Group>
        {ended && !error && (
          <Alert color="yellow" mb="sm" data-testid="session-ended">
            {t("login.sessionEnded")}
          </Alert>
        )}
        {error && (
          <Text c="red" size="sm" mb="sm" role="alert" data-testid="login-error">{error}</Text>
        )}
        {enrol
          ? (
            <form onSubmit={submitCode}>
              <Stack>
                <Text size="sm">{t("login.enrolIntro")}</Text>
                <Center>
                  <Image src={enrol.data.qrCode} w={200} h={200} alt={t("login.qrAlt")} />
                </Center>
                <Text size="xs">{t("login.enrolManual")}</Text>
                <Code block data-testid="totp-secret">{enrol.data.secret}</Code>
                <Anchor size="xs" href={enrol.data.otpauthUrl}>{t("login.openApp")}</Anchor>
                <TextInput
                  label={t("login.code")}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  data-testid="enrol-code"
                  {...codeForm.getInputProps("code")}
                />
                <Button type="submit" loading={busy} data-testid="enrol-submit">
                  {t("login.confirm")}
                </Button>
              </Stack>
            </form>
          )
          : (
            <form onSubmit={submitLogin}>
              <Stack>
                <TextInput
                  label={t("login.username")}
                  autoComplete="username"
                  data-testid="login-username"
                  {...form.getInputProps("username")}
                />
                <PasswordInput
                  label={t("login.password")}
                  autoComplete="current-password"
                  data-testid="login-password"
                  {...form.getInputProps("password")}
                />
                <TextInput
                  label={t("login.code")}
                  description={t("login.codeHint")}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  data-testid="login-code"
                  {...form.getInputProps("code")}
                />
                <Button type="submit" loading={busy} data-testid="login-submit">
                  {t("login.submit")}
                </Button>
              </Stack>
            </form>
          )}
      </Paper>
    </Center>
  );
}
