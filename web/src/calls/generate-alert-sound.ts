// Writes alert.wav, the call's looping ring: two short rising beeps and a pause, 8 kHz 8-bit mono
// (about 6 KB). Run: deno run -W web/src/calls/generate-alert-sound.ts
const RATE = 8000;

/** [frequency in Hz (0: silence), seconds] */
const PATTERN: [number, number][] = [[880, 0.15], [0, 0.05], [1175, 0.15], [0, 0.45]];

function samples(): Uint8Array {
  const out: number[] = [];
  for (const [freq, seconds] of PATTERN) {
    const n = Math.round(seconds * RATE);
    for (let i = 0; i < n; i++) {
      // 5 ms fades at each end keep the beeps from clicking.
      const fade = Math.min(1, i / 40, (n - i) / 40);
      const value = freq ? Math.sin((2 * Math.PI * freq * i) / RATE) * 0.6 * fade : 0;
      out.push(Math.round(128 + value * 127));
    }
  }
  return Uint8Array.from(out);
}

function wav(data: Uint8Array): Uint8Array {
  const header = new DataView(new ArrayBuffer(44));
  const text = (at: number, s: string) =>
    [...s].forEach((c, i) => header.setUint8(at + i, c.charCodeAt(0)));
  text(0, "RIFF");
  header.setUint32(4, 36 + data.length, true);
  text(8, "WAVE");
  text(12, "fmt ");
  header.setUint32(16, 16, true); // fmt chunk size
  header.setUint16(20, 1, true); // PCM
  header.setUint16(22, 1, true); // mono
  header.setUint32(24, RATE, true);
  header.setUint32(28, RATE, true); // bytes per second
  header.setUint16(32, 1, true); // block align
  header.setUint16(34, 8, true); // bits per sample
  text(36, "data");
  header.setUint32(40, data.length, true);
  const file = new Uint8Array(44 + data.length);
  file.set(new Uint8Array(header.buffer), 0);
  file.set(data, 44);
  return file;
}

if (import.meta.main) {
  await Deno.writeFile(new URL("./alert.wav", import.meta.url), wav(samples()));
}
