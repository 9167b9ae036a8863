import { defineMessages } from "../i18n/index.ts";

export const en = {
  "login.sessionEnded": "Your session ended. Please sign in again.",
  "login.username": "Username",
  "login.password": "Password",
  "login.code": "Authenticator code",
  "login.codeHint": "Leave empty on your first sign-in",
  "login.submit": "Sign in",
  "login.failed": "Sign-in failed.",
  "login.enrolIntro":
    "Set up two-factor sign-in: scan this QR code with your authenticator app, then enter the code it shows.",
  "login.enrolManual": "Or type this secret into the app:",
  "login.openApp": "Open in authenticator app",
  "login.qrAlt": "QR code for the authenticator app",
  "login.confirm": "Confirm",
  "password.old": "Old password",
  "password.new": "New password",
  "password.confirm": "Confirm new password",
  "password.success": "Change Password Success",
  "password.failed": "Change Password Failed.",
};

export const authMessages = defineMessages(en, {
  zh: () => import("./messages.zh.ts"),
  es: () => import("./messages.es.ts"),
  fr: () => import("./messages.fr.ts"),
  it: () => import("./messages.it.ts"),
});
