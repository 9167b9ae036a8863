import { Button, Modal, PasswordInput, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { changePasswordFormSchema } from "../../../server/auth/schema.ts";
import type { ModalProps } from "../ui/modal-props.ts";
import { rotateToken } from "../session/store.ts";
import { useAttempt } from "../ui/attempt.ts";
import { PasswordPair } from "../ui/password-pair.tsx";
import { changePasswordRequest } from "./api.ts";
import { zodValidate } from "../ui/form.ts";
import { combineMessages } from "../i18n/index.ts";
import { menuMessages } from "../i18n/menu-messages.ts";
import { authMessages } from "./messages.ts";
import { commonMessages } from "../i18n/common-messages.ts";

const messages = combineMessages(menuMessages, authMessages, commonMessages);

export default function ChangePasswordModal({ opened, onClose }: ModalProps) {
  const t = messages.useT();
  const { busy, attempt } = useAttempt(onClose);
  const form = useForm({
    initialValues: { oldPassword: "", newPassword: "", confirmNewPassword: "" },
    validate: zodValidate(changePasswordFormSchema),
  });

  const submit = form.onSubmit(({ confirmNewPassword: _, ...body }) =>
    attempt(async () => {
      // Every other session was revoked; this one continues with the new token.
      await rotateToken(changePasswordRequest(body));
      return t("password.success");
    }, t("password.failed"))
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t("menu.changePassword")} centered>
      <form onSubmit={submit}>
        <Stack>
          <PasswordInput
            label={t("password.old")}
            data-testid="old-password"
            {...form.getInputProps("oldPassword")}
          />
          <PasswordPair
            form={form}
            names={["newPassword", "confirmNewPassword"]}
            labels={[t("password.new"), t("password.confirm")]}
            testIds={["new-password", "confirm-password"]}
          />
          <Button type="submit" loading={busy} data-testid="change-password-submit">
            {t("common.save")}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
