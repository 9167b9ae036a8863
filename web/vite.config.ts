import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const root = new URL(".", import.meta.url).pathname;

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: `${root}dist`,
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: { "/api": { target: "http://127.0.0.1:8000", ws: true } },
  },
});
