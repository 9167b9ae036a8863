import { Button, Modal, PasswordInput, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { changePasswordFormSchema } from "../../../server/auth/schema.ts";
import { useT } from "../i18n/index.ts";
import type { ModalProps } from "../layout/avatar-menu.tsx";
import { rotateToken } from "../session/store.ts";
import { errorText, notifyError, notifySuccess } from "../ui/notify.ts";
import { changePasswordRequest } from "./api.ts";
import "./messages.ts";
import { zodValidate } from "../ui/form.ts";

export default function ChangePasswordModal({ opened, onClose }: ModalProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { oldPassword: "", newPassword: "", confirmNewPassword: "" },
    validate: zodValidate(changePasswordFormSchema),
  });

  const submit = form.onSubmit(async ({ confirmNewPassword: _, ...body }) => {
    setBusy(true);
    try {
      // Every other session was revoked; this one continues with the new token.
      await rotateToken(changePasswordRequest(body));
      notifySuccess(t("password.success"));
      onClose();
    } catch (err) {
      notifyError(errorText(err, t("password.failed")));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t("menu.changePassword")} centered>
      <form onSubmit={submit}>
        <Stack>
          <PasswordInput
            label={t("password.old")}
            data-testid="old-password"
            {...form.getInputProps("oldPassword")}
          />
          <PasswordInput
            label={t("password.new")}
            data-testid="new-password"
            {...form.getInputProps("newPassword")}
          />
          <PasswordInput
            label={t("password.confirm")}
            data-testid="confirm-password"
            {...form.getInputProps("confirmNewPassword")}
          />
          <Button type="submit" loading={busy} data-testid="change-password-submit">
            {t("common.save")}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
