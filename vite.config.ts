import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  resolve: { tsconfigPaths: true },
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    sourcemap: false,
    // Keep the report honest: no inlined assets hiding in JS.
    assetsInlineLimit: 2048,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { "/api": apiTarget, "/storage": apiTarget },
  },
});
