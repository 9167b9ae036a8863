// An Admin sets another user's password; that user is signed out everywhere.
import { Button, Group, Modal, PasswordInput, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { adminChangePasswordFormSchema } from "../../../server/users/schema.ts";
import { useT } from "../i18n/index.ts";
import { zodValidate } from "../ui/form.ts";
import { errorText, notifyError, notifySuccess } from "../ui/notify.ts";
import { adminChangePassword, type ListedUser } from "./api.ts";
import "./messages.ts";

export function ChangeUserPasswordModal(
  { target, onClose }: { target: ListedUser; onClose: () => void },
) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { newPassword: "", confirmNewPassword: "" },
    validate: zodValidate(adminChangePasswordFormSchema),
  });

  const submit = form.onSubmit(async ({ newPassword }) => {
    setBusy(true);
    try {
      await adminChangePassword(target.id, newPassword);
      notifySuccess(t("users.passwordSuccess"));
      onClose();
    } catch (err) {
      notifyError(errorText(err, t("users.passwordFailed")));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t("users.changePasswordOf", { username: target.username })}
      centered
    >
      <form onSubmit={submit}>
        <Stack gap="sm">
          <PasswordInput
            label={t("users.newPassword")}
            data-testid="user-new-password"
            {...form.getInputProps("newPassword")}
          />
          <PasswordInput
            label={t("users.confirmNewPassword")}
            data-testid="user-confirm-password"
            {...form.getInputProps("confirmNewPassword")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t("common.cancel")}</Button>
            <Button type="submit" loading={busy} data-testid="user-password-submit">
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
