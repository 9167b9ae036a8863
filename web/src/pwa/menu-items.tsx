// The avatar menu's app entries: "Install app" while the browser offers installation.
import { Menu } from "@mantine/core";
import { useSnapshot } from "valtio";
import { install, pwa } from "./register.ts";
import { pwaMessages } from "./messages.ts";

export function PwaMenuItems() {
  const t = pwaMessages.useT();
  const { canInstall } = useSnapshot(pwa);
  if (!canInstall) return null;
  return (
    <Menu.Item data-testid="menu-install" onClick={() => void install()}>
      {t("pwa.install")}
    </Menu.Item>
  );
}
