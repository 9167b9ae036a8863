// Words every screen uses, and the shared validation messages (a message is its own key).
import { defineMessages } from "./index.ts";

export const en = {
  "common.language": "Language",
  "common.save": "Save",
  "common.cancel": "Cancel",
  "common.close": "Close",
  "common.confirm": "Confirm",
  "common.delete": "Delete",
  "common.edit": "Edit",
  "common.search": "Search",
  "common.loading": "Loading…",
  "common.scrollTable": "Table, scrolls sideways",
  "common.togglePassword": "Show or hide the password",
  "errors.notFoundTitle": "Looks like you got lost",
  "errors.notFoundBody": "The page you're looking for doesn't exist or has been moved.",
  "errors.serverTitle": "Internal Server Error",
  "errors.serverBody": "Something went wrong. Please try again later.",
  "errors.backHome": "BACK HOME",
  "Required": "Required",
};

export const commonMessages = defineMessages(en, {
  zh: () => import("./common-messages.zh.ts"),
  es: () => import("./common-messages.es.ts"),
  fr: () => import("./common-messages.fr.ts"),
  it: () => import("./common-messages.it.ts"),
});
