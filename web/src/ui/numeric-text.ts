/** Currency inputs keep digits and one decimal point (docs/screens.md#forms). */
export function numericText(text: string): string {
  const digits = text.replace(/[^\d.]/g, "");
  const point = digits.indexOf(".");
  if (point < 0) return digits;
  return digits.slice(0, point + 1) + digits.slice(point + 1).replace(/\./g, "");
}
