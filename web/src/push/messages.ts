// Call notifications on the device (Web Push) and their settings.
import { defineMessages } from "../i18n/index.ts";

export const en = {
  "push.menu": "Call notifications",
  "push.title": "Call notifications",
  "push.device.on": "This device is notified of calls.",
  "push.device.off": "This device is not notified of calls.",
  "push.device.denied": "Notifications are blocked for this site in the browser's settings.",
  "push.device.unsupported":
    "This browser cannot receive notifications. On an iPhone, add the app to the Home Screen first.",
  "push.enable": "Turn on",
  "push.disable": "Turn off",
  "push.targets": "Calls that notify",
  "push.kind.BUY": "BUY",
  "push.kind.SELL": "SELL",
  "push.kind.BUY_ONLY": "BUY ONLY",
  "push.kind.SELL_ONLY": "SELL ONLY",
  "push.kind.RING_ONLY": "RING ONLY",
  "push.kind.PAIR": "Pair",
  "push.quietStart": "Quiet from",
  "push.quietEnd": "Quiet until",
  "push.timeZone": "Times in {{zone}}",
  "push.save": "Save",
  "push.saved": "Notification settings saved",
  "push.failed": "Call notifications could not be changed.",
};

export const pushMessages = defineMessages(en, {
  zh: () => import("./messages.zh.ts"),
  es: () => import("./messages.es.ts"),
  fr: () => import("./messages.fr.ts"),
  it: () => import("./messages.it.ts"),
});
