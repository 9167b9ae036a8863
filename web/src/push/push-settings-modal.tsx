// "Call notifications" (avatar menu): turn pushes on for this device, choose which calls notify
// and the quiet hours. The time zone is the device's.
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect, useState } from "react";
import { PUSH_TARGETS, pushSettingsSchema } from "../../../server/push/schema.ts";
import type { ModalProps } from "../ui/modal-props.ts";
import { zodValidate } from "../ui/form.ts";
import { attempt, useAttempt } from "../ui/attempt.ts";
import { readSettings, saveSettings } from "./api.ts";
import { type DeviceState, deviceState, disableOnDevice, enableOnDevice } from "./device.ts";
import { pushMessages } from "./messages.ts";

const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export default function PushSettingsModal({ opened, onClose }: ModalProps) {
  const t = pushMessages.useT();
  const [device, setDevice] = useState<DeviceState | null>(null);
  const switching = useAttempt();
  const form = useForm({
    initialValues: { targets: [...PUSH_TARGETS] as string[], quietStart: "", quietEnd: "" },
    transformValues: (v) => ({
      targets: v.targets as (typeof PUSH_TARGETS)[number][],
      quietStart: v.quietStart || null,
      quietEnd: v.quietEnd || null,
      timeZone: zone(),
    }),
    validate: (v) =>
      zodValidate(pushSettingsSchema)({
        targets: v.targets,
        quietStart: v.quietStart || null,
        quietEnd: v.quietEnd || null,
        timeZone: zone(),
      }),
  });

  useEffect(() => {
    deviceState().then(setDevice);
    readSettings().then((s) =>
      form.setValues({
        targets: s.targets,
        quietStart: s.quietStart ?? "",
        quietEnd: s.quietEnd ?? "",
      }), () => {});
  }, []);

  const toggle = () =>
    switching.attempt(async () => {
      setDevice(await (device === "on" ? disableOnDevice() : enableOnDevice()));
    }, t("push.failed"));

  const submit = form.onSubmit(async (values) => {
    const saved = await attempt(async () => {
      await saveSettings(values);
      return t("push.saved");
    }, t("push.failed"));
    if (saved) onClose();
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t("push.title")}>
      <form onSubmit={submit} data-testid="push-settings">
        <Stack>
          <Group justify="space-between">
            <Text size="sm" data-testid="push-device-state">
              {device ? t(`push.device.${device}`) : ""}
            </Text>
            {(device === "on" || device === "off") && (
              <Button
                variant="light"
                loading={switching.busy}
                onClick={toggle}
                data-testid="push-toggle"
              >
                {t(device === "on" ? "push.disable" : "push.enable")}
              </Button>
            )}
          </Group>
          <Checkbox.Group label={t("push.targets")} {...form.getInputProps("targets")}>
            <Group mt="xs">
              {PUSH_TARGETS.map((k) => (
                <Checkbox
                  key={k}
                  value={k}
                  label={t(`push.kind.${k}`)}
                  data-testid={`push-kind-${k}`}
                />
              ))}
            </Group>
          </Checkbox.Group>
          <Group grow>
            <TextInput
              type="time"
              label={t("push.quietStart")}
              {...form.getInputProps("quietStart")}
              data-testid="push-quiet-start"
            />
            <TextInput
              type="time"
              label={t("push.quietEnd")}
              {...form.getInputProps("quietEnd")}
              data-testid="push-quiet-end"
            />
          </Group>
          <Text size="xs" c="dimmed">{t("push.timeZone", { zone: zone() })}</Text>
          <Button type="submit" data-testid="push-save">{t("push.save")}</Button>
        </Stack>
      </form>
    </Modal>
  );
}
