// An entry's details on one line: "from: User, to: Lead"; nested values stay JSON.
export const compactDetails = (details: Record<string, unknown>) =>
  Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(", ");
