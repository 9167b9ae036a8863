// "Create New User" from the avatar menu (docs/roles.md#creating-users): the server's own zod
// schema, with role choices limited to the creator's level.
import { Group, Modal, NativeSelect, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useSnapshot } from "valtio";
import { type Role, rolesAtOrBelow } from "../../../server/auth/roles.shared.ts";
import { newUserFormSchema } from "../../../server/users/schema.ts";
import type { ModalProps } from "../ui/modal-props.ts";
import { session } from "../session/store.ts";
import { zodValidate } from "../ui/form.ts";
import { useAttempt } from "../ui/attempt.ts";
import { ModalActions } from "../ui/modal-actions.tsx";
import { PasswordPair } from "../ui/password-pair.tsx";
import { registerUser } from "./api.ts";
import { roleOptions } from "./role-options.ts";
import { refreshUsers } from "./store.ts";
import { usersMessages } from "./messages.ts";

export default function CreateUserModal({ opened, onClose }: ModalProps) {
  const t = usersMessages.useT();
  const { user } = useSnapshot(session);
  const { busy, attempt } = useAttempt(onClose);
  const creator = user?.role ?? "User";
  const form = useForm({
    initialValues: {
      email: "",
      username: "",
      role: "User" as Role,
      password: "",
      confirmPassword: "",
      firstName: "",
      lastName: "",
    },
    validate: zodValidate(newUserFormSchema(creator)),
  });

  const submit = form.onSubmit((values) =>
    attempt(async () => {
      await registerUser(values);
      form.reset();
      refreshUsers();
      return t("users.createSuccess");
    }, t("users.createFailed"))
  );

  const field = (name: keyof typeof form.values) => ({
    ...form.getInputProps(name),
    "data-testid": `new-user-${name}`,
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t("users.createNewUser")} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t("users.email")} type="email" withAsterisk {...field("email")} />
          <TextInput label={t("users.username")} withAsterisk {...field("username")} />
          <NativeSelect
            label={t("users.role")}
            withAsterisk
            data={roleOptions(t, rolesAtOrBelow(creator))}
            {...field("role")}
          />
          <PasswordPair
            form={form}
            names={["password", "confirmPassword"]}
            labels={[t("users.password"), t("users.confirmPassword")]}
            testIds={["new-user-password", "new-user-confirmPassword"]}
            withAsterisk
          />
          <Group grow>
            <TextInput label={t("users.firstName")} {...field("firstName")} />
            <TextInput label={t("users.lastName")} {...field("lastName")} />
          </Group>
          <ModalActions
            onClose={onClose}
            label={t("users.create")}
            busy={busy}
            testId="new-user-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}
