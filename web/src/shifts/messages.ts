import { defineMessages } from "../i18n/index.ts";

export const en = {
  "shifts.title": "Shifts",
  "shifts.loadFailed": "Could not load shifts.",
  "shifts.usersFailed": "Could not load users.",
  "shifts.add": "Add shift",
  "shifts.edit": "Edit shift",
  "shifts.start": "Start",
  "shifts.end": "End",
  "shifts.hours": "Hours",
  "shifts.users": "Users",
  "shifts.actions": "Actions",
  "shifts.empty": "No shifts yet.",
  "shifts.startDay": "Start day",
  "shifts.startHour": "Start time",
  "shifts.interval": "Interval (hours)",
  "shifts.intervalHint": "0 means 24 hours",
  "shifts.preview": "{{start}} to {{end}} ({{hours}} h)",
  "shifts.saved": "Shift saved.",
  "shifts.saveFailed": "Save failed.",
  "shifts.deleteTitle": "Delete shift",
  "shifts.deleteConfirm": "Delete the shift from {{start}} to {{end}}?",
  "shifts.deleted": "Shift deleted.",
  "shifts.deleteFailed": "Delete failed.",
  "Between 0 and 24 hours": "Between 0 and 24 hours",
};

export const shiftsMessages = defineMessages(en, {
  zh: () => import("./messages.zh.ts"),
  es: () => import("./messages.es.ts"),
  fr: () => import("./messages.fr.ts"),
  it: () => import("./messages.it.ts"),
});
