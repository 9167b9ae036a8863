// The topbar's avatar: the trigger of the avatar menu (avatar-menu.tsx), which loads on first use.
import { Avatar, UnstyledButton } from "@mantine/core";
import { useSnapshot } from "valtio";
import { session } from "../session/store.ts";
import { onDemand, type TriggerProps } from "../ui/on-demand.tsx";
import { layout } from "./view.ts";
import { menuMessages } from "../i18n/menu-messages.ts";

export function AvatarButton(props: TriggerProps) {
  const { user } = useSnapshot(session);
  const { mobile } = useSnapshot(layout);
  const t = menuMessages.useT();
  if (!user) return null;
  const initials = user.username.slice(0, 2).toUpperCase();
  return (
    <UnstyledButton
      {...props}
      aria-label={`${t("menu.account")} ${initials}`}
      data-testid="avatar-menu"
    >
      <Avatar color="blue" radius="xl" size={mobile ? 30 : undefined}>{initials}</Avatar>
    </UnstyledButton>
  );
}

export const AvatarMenu = onDemand(
  () => import("./avatar-menu.tsx"),
  (_, handlers) => <AvatarButton {...handlers} />,
);
