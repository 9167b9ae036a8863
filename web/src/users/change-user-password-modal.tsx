// An Admin sets another user's password; that user is signed out everywhere.
import { Modal, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { adminChangePasswordFormSchema } from "../../../server/users/schema.ts";
import { zodValidate } from "../ui/form.ts";
import { useAttempt } from "../ui/attempt.ts";
import { ModalActions } from "../ui/modal-actions.tsx";
import { PasswordPair } from "../ui/password-pair.tsx";
import { adminChangePassword, type ListedUser } from "./api.ts";
import { combineMessages } from "../i18n/index.ts";
import { commonMessages } from "../i18n/common-messages.ts";
import { usersMessages } from "./messages.ts";

const messages = combineMessages(commonMessages, usersMessages);

export function ChangeUserPasswordModal(
  { target, onClose }: { target: ListedUser; onClose: () => void },
) {
  const t = messages.useT();
  const { busy, attempt } = useAttempt(onClose);
  const form = useForm({
    initialValues: { newPassword: "", confirmNewPassword: "" },
    validate: zodValidate(adminChangePasswordFormSchema),
  });

  const submit = form.onSubmit(({ newPassword }) =>
    attempt(async () => {
      await adminChangePassword(target.id, newPassword);
      return t("users.passwordSuccess");
    }, t("users.passwordFailed"))
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={t("users.changePasswordOf", { username: target.username })}
      centered
    >
      <form onSubmit={submit}>
        <Stack gap="sm">
          <PasswordPair
            form={form}
            names={["newPassword", "confirmNewPassword"]}
            labels={[t("users.newPassword"), t("users.confirmNewPassword")]}
            testIds={["user-new-password", "user-confirm-password"]}
          />
          <ModalActions
            onClose={onClose}
            label={t("common.save")}
            busy={busy}
            testId="user-password-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}
