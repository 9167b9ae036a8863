import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { serviceWorker } from "./pwa-plugin.ts";

const root = new URL(".", import.meta.url).pathname;

export default defineConfig({
  root,
  plugins: [
    react(),
    serviceWorker(
      new URL("./src/pwa/service-worker.js", import.meta.url),
      new URL("./public/", import.meta.url),
    ),
  ],
  build: {
    outDir: `${root}dist`,
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // Each language's messages of every area in one chunk, fetched only when it is chosen
        // (web/src/i18n/index.ts): one request per language, none for English.
        codeSplitting: {
          groups: [{
            name: (id) => `messages-${id.match(/\.(zh|es|fr|it)\.ts$/)![1]}`,
            test: /messages\.(zh|es|fr|it)\.ts$/,
          }],
        },
      },
    },
  },
  server: {
    proxy: { "/api": { target: "http://127.0.0.1:8000", ws: true } },
  },
});
