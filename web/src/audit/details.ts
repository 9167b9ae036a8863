// An entry's details on one line: "from: User, to: Lead"; nested values stay JSON. `label` names
// each key (in the user's language on the page).
export const compactDetails = (
  details: Record<string, unknown>,
  label: (key: string) => string = (key) => key,
) =>
  Object.entries(details)
    .map(([key, value]) =>
      `${label(key)}: ${typeof value === "string" ? value : JSON.stringify(value)}`
    )
    .join(", ");
