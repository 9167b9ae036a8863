// A file's type from its first bytes, never from its name or the type the client claimed. Only
// kinds a browser shows without running anything: raster images and PDF (no SVG, no HTML).
const SIGNATURES: { type: string; ext: string; at: number; bytes: number[] }[] = [
  { type: "image/png", ext: "png", at: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: "image/jpeg", ext: "jpg", at: 0, bytes: [0xff, 0xd8, 0xff] },
  { type: "image/gif", ext: "gif", at: 0, bytes: [0x47, 0x49, 0x46, 0x38] },
  { type: "image/webp", ext: "webp", at: 8, bytes: [0x57, 0x45, 0x42, 0x50] },
  { type: "application/pdf", ext: "pdf", at: 0, bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

const RIFF = [0x52, 0x49, 0x46, 0x46];

const startsWith = (data: Uint8Array, at: number, bytes: number[]) =>
  bytes.every((b, i) => data[at + i] === b);

export function sniffType(data: Uint8Array): { type: string; ext: string } | null {
  for (const sig of SIGNATURES) {
    if (sig.type === "image/webp" && !startsWith(data, 0, RIFF)) continue;
    if (startsWith(data, sig.at, sig.bytes)) return { type: sig.type, ext: sig.ext };
  }
  return null;
}
