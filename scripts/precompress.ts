// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the built client, so the
// server sends them by Accept-Encoding without compressing per request (hono's serveStatic
// `precompressed`). Brotli at its best level: done once per build, it saves about a fifth over gzip.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than the extra header costs. */
const MIN_BYTES = 1024;

export async function precompress(dir: string): Promise<number> {
  let written = 0;
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) {
      written += await precompress(path);
      continue;
    }
    if (!TEXT.test(entry.name)) continue;
    const data = await Deno.readFile(path);
    if (data.length < MIN_BYTES) continue;
    await Deno.writeFile(
      `${path}.br`,
      brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
    );
    await Deno.writeFile(`${path}.gz`, gzipSync(data, { level: 9 }));
    written++;
  }
  return written;
}
