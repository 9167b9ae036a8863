// An entry's details on one line, in words: "from: User, to: Lead", "changes: group = night".
// Detail names are translated (audit.key.*); values are data and stay as recorded.
type Translate = (key: string) => string;

const valueText = (value: unknown): string => {
  if (Array.isArray(value)) return value.map(valueText).join(", ");
  if (value && typeof value === "object") {
    return Object.entries(value).map(([k, v]) => `${k} = ${valueText(v)}`).join("; ");
  }
  return String(value);
};

export function detailsInWords(details: Record<string, unknown>, t: Translate): string {
  return Object.entries(details)
    .map(([key, value]) => {
      const label = t(`audit.key.${key}`);
      return `${label === `audit.key.${key}` ? key : label}: ${valueText(value)}`;
    })
    .join(", ");
}
