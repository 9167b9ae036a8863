// The avatar menu (docs/screens.md#avatar-menu). Each entry names who sees it and the modal it
// opens; areas add their entries to MENU. The topbar shows its trigger (avatar-trigger.tsx) and
// loads it on first use.
import { Menu } from "@mantine/core";
import { type ComponentType, lazy, Suspense, useState } from "react";
import { useSnapshot } from "valtio";
import { PERMISSIONS, type Role } from "../../../server/auth/roles.shared.ts";
import { exchangeTitle } from "../../../server/exchanges/pairs.shared.ts";
import { tradingExchange } from "../market/pairs.ts";
import { LANGUAGES, locale, setLanguage } from "../i18n/index.ts";
import { logout } from "../auth/logout.ts";
import { PwaMenuItems } from "../pwa/menu-items.tsx";
import type { ModalProps } from "../ui/modal-props.ts";
import { useOpenedOnMount } from "../ui/on-demand.tsx";
import { type PublicUser, session } from "../session/store.ts";
import { AvatarButton } from "./avatar-trigger.tsx";
import { layout } from "./view.ts";
import { combineMessages } from "../i18n/index.ts";
import { menuMessages } from "../i18n/menu-messages.ts";
import { commonMessages } from "../i18n/common-messages.ts";
import { keysMessages } from "../keys/messages.ts";
import { pushMessages } from "../push/messages.ts";
import { reportsMessages } from "../reports/messages.ts";
import { settingsMessages } from "../users/settings-messages.ts";
import { usersMessages } from "../users/messages.ts";
import { MENU_PROPS } from "../ui/menu-props.ts";

const messages = combineMessages(
  menuMessages,
  commonMessages,
  keysMessages,
  pushMessages,
  reportsMessages,
  settingsMessages,
  usersMessages,
);

interface MenuEntry {
  key: string;
  label: (t: ReturnType<typeof messages.useT>, user: PublicUser) => string;
  roles: readonly Role[];
  modal: ComponentType<ModalProps>;
}

const ALL: Role[] = ["SuperAdmin", "Admin", "Lead", "User"];

const MENU: MenuEntry[] = [
  {
    key: "change-password",
    label: (t) => t("menu.changePassword"),
    roles: ALL,
    modal: lazy(() => import("../auth/change-password-modal.tsx")),
  },
  {
    key: "trading-settings",
    label: (t) => t("settings.menu"),
    roles: ALL,
    modal: lazy(() => import("../users/trading-settings-modal.tsx")),
  },
  {
    key: "call-notifications",
    label: (t) => t("push.menu"),
    roles: ALL,
    modal: lazy(() => import("../push/push-settings-modal.tsx")),
  },
  {
    key: "create-user",
    label: (t) => t("users.createNewUser"),
    roles: PERMISSIONS["users.create"],
    modal: lazy(() => import("../users/create-user-modal.tsx")),
  },
  {
    key: "update-keys",
    label: (t, user) =>
      t("keys.title", { exchange: exchangeTitle(tradingExchange(user.exchange)) }),
    roles: PERMISSIONS["keys.update"],
    modal: lazy(() => import("../keys/update-keys-modal.tsx")),
  },
  {
    key: "user-summary-report",
    label: (t) => t("reports.userSummary"),
    roles: PERMISSIONS["reports.userSummary"],
    modal: lazy(() => import("../reports/user-summary-report-modal.tsx")),
  },
  {
    key: "transaction-report",
    label: (t) => t("reports.transaction"),
    roles: PERMISSIONS["reports.transactions"],
    modal: lazy(() => import("../reports/transaction-report-modal.tsx")),
  },
  {
    key: "end-of-shift-report",
    label: (t) => t("reports.endOfShift"),
    roles: PERMISSIONS["reports.endOfShift"],
    modal: lazy(() => import("../reports/end-of-shift-report-modal.tsx")),
  },
];

export default function AvatarMenu() {
  const { user } = useSnapshot(session);
  const { mobile } = useSnapshot(layout);
  const { lang } = useSnapshot(locale);
  const t = messages.useT();
  const [open, setOpen] = useState<string | null>(null);
  const { target, opened, setOpened } = useOpenedOnMount<HTMLButtonElement>();
  // The menu item that opened a modal is gone when it closes: focus goes back to the avatar.
  const close = () => {
    setOpen(null);
    requestAnimationFrame(() => target.current?.focus());
  };
  if (!user) return null;
  const entries = MENU.filter((e) => e.roles.includes(user.role));
  const Active = entries.find((e) => e.key === open)?.modal;

  return (
    <>
      <Menu {...MENU_PROPS} opened={opened} onChange={setOpened}>
        <Menu.Target>
          <AvatarButton ref={target} />
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{user.username} · {user.role}</Menu.Label>
          {entries.map((e) => (
            <Menu.Item
              key={e.key}
              data-testid={`menu-${e.key}`}
              onClick={() => setOpen(e.key)}
            >
              {e.label(t, user as PublicUser)}
            </Menu.Item>
          ))}
          <PwaMenuItems />
          {mobile && (
            // The topbar has no room for the language select on a phone.
            <>
              <Menu.Divider />
              <Menu.Label>{t("common.language")}</Menu.Label>
              {LANGUAGES.map((l) => (
                <Menu.Item
                  key={l.value}
                  lang={l.value}
                  aria-current={l.value === lang || undefined}
                  fw={l.value === lang ? 700 : undefined}
                  onClick={() => setLanguage(l.value)}
                  data-testid={`menu-lang-${l.value}`}
                >
                  {l.label}
                </Menu.Item>
              ))}
            </>
          )}
          <Menu.Divider />
          <Menu.Item color="red" data-testid="menu-logout" onClick={() => logout()}>
            {t("menu.logout")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {Active && (
        <Suspense fallback={null}>
          <Active opened onClose={close} />
        </Suspense>
      )}
    </>
  );
}
