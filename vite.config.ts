import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { serviceWorker } from "./scripts/lib/service-worker-build.ts";

/**
 * Writes .br and .gz next to every compressible file of the build, once, at build time; the
 * server sends them to browsers that accept them (serveStatic precompressed). Phones on slow
 * networks get a fraction of the bytes, and the server spends no CPU compressing.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "precompress",
    apply: "build",
    // The browser's files only: the server's renderer is read from disk, never sent.
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt|map)$/.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * A lazy chunk's preload list without the chunks its importer has already loaded (issue 23's TBT).
 * Vite lists a dynamic import's whole static closure, so loading a page's code from the entry
 * appended a `<link rel="modulepreload">` for React, the API client and a dozen more chunks the
 * entry had evaluated already: no download, but ~30 ms of a phone's main thread (4x) per page
 * start, inside the boot task. The bundle is read in this plugin's `generateBundle` (order "pre",
 * so before Vite's import analysis asks `resolveDependencies`).
 */
function preloadOnlyNewChunks() {
  let bundle: Record<string, { type: string; imports?: string[] }> = {};
  const loadedBy = (host: string) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of bundle[file]?.imports ?? []) visit(next);
    };
    visit(host);
    return seen;
  };
  const plugin: Plugin = {
    name: "preload-only-new-chunks",
    apply: "build",
    generateBundle: {
      order: "pre",
      handler(_options, output) {
        bundle = output as unknown as typeof bundle;
      },
    },
  };
  const resolveDependencies = (
    _file: string,
    deps: string[],
    context: { hostId: string; hostType: "html" | "js" },
  ) => {
    if (context.hostType !== "js" || !bundle[context.hostId]) return deps;
    const loaded = loadedBy(context.hostId);
    return deps.filter((dep) => !loaded.has(dep));
  };
  return { plugin, resolveDependencies };
}
const preloads = preloadOnlyNewChunks();

/**
 * The app's entry script at low fetch priority (decision 055). Vite writes the built page's
 * script tag itself (dropping the source's attributes), so the attribute is put on here. On a slow
 * link the server-rendered HTML and its stylesheet then get the bandwidth first and the page
 * paints before the script has arrived; the script still runs once the document is parsed.
 */
function lowPriorityEntry(): Plugin {
  return {
    name: "low-priority-entry",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: (html) =>
        html.replace(
          /<script type="module" crossorigin src="(\/assets\/index-[^"]+\.js)"><\/script>/,
          '<script type="module" crossorigin fetchpriority="low" src="$1"></script>',
        ),
    },
  };
}

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [
    react(),
    tailwindcss(),
    // /sw.js (decision 045): precaches the shell and the pages that can be read offline.
    serviceWorker({
      entry: "src/web/sw/sw.ts",
      precacheModules: [
        "src/web/features/news/routes/news-article.tsx",
        "src/web/features/library/routes/note-reader-page.tsx",
        // A Hindi reader's catalog, fetched before the first render (src/web/lib/i18n.ts).
        "src/shared/i18n/hi/index.ts",
      ],
    }),
    lowPriorityEntry(),
    precompress(),
    preloads.plugin,
  ],
  resolve: { tsconfigPaths: true },
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    // Keep the report honest: no inlined assets hiding in JS.
    assetsInlineLimit: 2048,
  },
  // `vite build` builds the whole app (a `builder` is set): the browser's files into dist/client,
  // then the server's renderer of the same pages (src/web/entry-server.tsx) into dist/server
  // (issue 23 §1, decision 046).
  builder: {},
  environments: {
    client: {
      // React, the router and the query library in a chunk of their own (decision 056): the
      // entry is small, so a server-rendered page's largest paint no longer waits, in Lighthouse's
      // model of a phone, for ~140 KB of entry that finished downloading just before it.
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
                },
              ],
            },
          },
        },
      },
    },
    ssr: {
      // React and the libraries that render with it go into the bundle, built for production
      // (the server does not run with NODE_ENV=production, and React's development build renders
      // several times slower). jsdom stays a dependency loaded from node_modules.
      resolve: { noExternal: true, external: ["jsdom"] },
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      build: {
        outDir: "../../dist/server",
        emptyOutDir: true,
        copyPublicDir: false,
        rollupOptions: { input: "entry-server.tsx" },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      "/api": apiTarget,
      "/storage": apiTarget,
      // Built by the server from the data and the settings (src/server/modules/site).
      "/robots.txt": apiTarget,
      "/sitemap.xml": apiTarget,
      "/manifest.webmanifest": apiTarget,
    },
  },
});
