// The spec's display formats (section 9): MM/DD/YYYY, MM/DD/YYYY HH:mm:ss, numbers with comma
// thousands. Bar times are shown in UTC, the zone the bars are cut in.
const two = (n: number) => String(n).padStart(2, "0");

export function formatBarDate(iso: string, withTime: boolean) {
  const d = new Date(iso);
  const date = `${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())}/${d.getUTCFullYear()}`;
  if (!withTime) return date;
  return `${date} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

const price = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 4,
  maximumFractionDigits: 4,
});
const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

export const formatPrice = (n: number) => price.format(n);
export const formatVolume = (n: number) => whole.format(n);
