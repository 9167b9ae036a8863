// A new password and its confirmation: the pair every form that sets a password asks for.
import { PasswordInput } from "@mantine/core";

export function PasswordPair({ form, names, labels, testIds, withAsterisk }: {
  /** The form's own names for the two fields. */
  form: { getInputProps(name: string): object };
  names: readonly [password: string, confirm: string];
  labels: readonly [password: string, confirm: string];
  testIds: readonly [password: string, confirm: string];
  withAsterisk?: boolean;
}) {
  return names.map((name, i) => (
    <PasswordInput
      key={name}
      label={labels[i]}
      withAsterisk={withAsterisk}
      data-testid={testIds[i]}
      {...form.getInputProps(name)}
    />
  ));
}
