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
  type TextInputProps,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { type FormEventHandler, type ReactNode, useState } from "react";
import { useSnapshot } from "valtio";
import { useLocation, useSearch } from "wouter";
import { loginSchema, totpCodeSchema } from "../../../server/auth/login-schema.ts";
import { LanguageSelect } from "../i18n/language-select.tsx";
import { sessionNotice, signIn } from "../session/store.ts";
import { errorText } from "../ui/error-text.ts";
import {
  authenticate2fa,
  type Enrolment,
  generate2fa,
  loginRequest,
  type LoginResult,
} from "./api.ts";
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

  /** Signed in: back to the page that sent the user here. */
  const enter = ({ token, generateSecret: _, ...user }: LoginResult) => {
    signIn(user, token);
    navigate(originFrom(search), { replace: true });
  };

  const submitLogin = form.onSubmit((values) =>
    run(async () => {
      const result = await loginRequest({ ...values, code: values.code || undefined });
      if (result.generateSecret) {
        setEnrol({ token: result.token, data: await generate2fa(result.token) });
        return;
      }
      enter(result);
    })
  );

  const submitCode = codeForm.onSubmit(({ code }) =>
    run(async () => enter(await authenticate2fa(enrol!.token, code)))
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
            <Step
              onSubmit={submitCode}
              busy={busy}
              label={t("login.confirm")}
              testId="enrol-submit"
            >
              <Text size="sm">{t("login.enrolIntro")}</Text>
              <Center>
                <Image src={enrol.data.qrCode} w={200} h={200} alt={t("login.qrAlt")} />
              </Center>
              <Text size="xs">{t("login.enrolManual")}</Text>
              <Code block data-testid="totp-secret">{enrol.data.secret}</Code>
              <Anchor size="xs" href={enrol.data.otpauthUrl}>{t("login.openApp")}</Anchor>
              <CodeInput data-testid="enrol-code" {...codeForm.getInputProps("code")} />
            </Step>
          )
          : (
            <Step
              onSubmit={submitLogin}
              busy={busy}
              label={t("login.submit")}
              testId="login-submit"
            >
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
              <CodeInput
                description={t("login.codeHint")}
                data-testid="login-code"
                {...form.getInputProps("code")}
              />
            </Step>
          )}
      </Paper>
    </Center>
  );
}

/** One step of signing in: its fields and the button that sends them. */
function Step({ onSubmit, busy, label, testId, children }: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  busy: boolean;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit}>
      <Stack>
        {children}
        <Button type="submit" loading={busy} data-testid={testId}>{label}</Button>
      </Stack>
    </form>
  );
}

/** The authenticator app's code: a numeric keyboard on phones, and the browser may fill it in. */
function CodeInput(props: TextInputProps) {
  const t = authMessages.useT();
  return (
    <TextInput
      label={t("login.code")}
      inputMode="numeric"
      autoComplete="one-time-code"
      {...props}
    />
  );
}
