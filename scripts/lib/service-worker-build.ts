// Builds the service worker (src/web/sw/sw.ts) to /sw.js beside the client build, with the
// build's id and its precache list written in (decision 045). Our own small plugin rather than
// vite-plugin-pwa: that one needs workbox-build (Babel, Rollup 2 and some hundred packages) to do
// what this file does, and our worker's rules (no personal data, the exam never reloaded) are our
// own code either way.

import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { build, type Plugin, type ResolvedConfig, type Rolldown } from "vite";

type Options = {
  /** The worker's source. */
  entry: string;
  /**
   * Modules (paths ending so) whose chunks are precached with everything they import: the pages
   * that can be read offline, and what the app loads before its first render (the Hindi catalog).
   */
  precacheModules: string[];
};

/** One file to precache: its path from the site's root and what its bytes hash to. */
type PrecacheEntry = { url: string; revision: string };

/** The scripts index.html loads: the entry chunks (a shell that names them is this build's). */
export function entryScripts(bundle: Rolldown.OutputBundle): string[] {
  return Object.values(bundle)
    .filter((file): file is Rolldown.OutputChunk => file.type === "chunk" && file.isEntry)
    .map((chunk) => `/${chunk.fileName}`)
    .sort();
}

const hashOf = (content: string | Uint8Array) =>
  createHash("sha256").update(content).digest("hex").slice(0, 16);

/**
 * The precache list of a build: index.html, every entry chunk, the chunks of `precacheModules`,
 * each with the chunks and CSS it imports statically; and the public files (icons, favicon).
 */
export function precacheEntries(
  bundle: Rolldown.OutputBundle,
  precacheModules: string[],
  publicFiles: PrecacheEntry[],
): PrecacheEntry[] {
  const chunks = Object.values(bundle).filter(
    (file): file is Rolldown.OutputChunk => file.type === "chunk",
  );
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const picked = new Set<string>();
  const add = (chunk: Rolldown.OutputChunk) => {
    if (picked.has(chunk.fileName)) return;
    picked.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) picked.add(css);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) add(imported);
    }
  };
  for (const chunk of chunks) {
    const wanted =
      chunk.isEntry ||
      chunk.moduleIds.some((id) => precacheModules.some((module) => id.endsWith(module)));
    if (wanted) add(chunk);
  }
  const html = bundle["index.html"];
  if (html?.type !== "asset") throw new Error("service worker: no index.html in the build");
  return [
    { url: "/index.html", revision: hashOf(html.source) },
    // Hashed names: the name is the revision.
    ...[...picked].sort().map((name) => ({ url: `/${name}`, revision: name })),
    ...publicFiles,
  ];
}

/** Every file of the public folder, with the hash of its bytes. */
function publicEntries(publicDir: string): PrecacheEntry[] {
  if (!publicDir) return [];
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return walk(publicDir)
    .sort()
    .map((file) => ({
      url: `/${path.relative(publicDir, file).split(path.sep).join("/")}`,
      revision: hashOf(readFileSync(file)),
    }));
}

export function serviceWorker(options: Options): Plugin {
  let config: ResolvedConfig;
  return {
    name: "service-worker",
    apply: "build",
    // The browser's build only: the server's renderer (dist/server) has no worker.
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(resolved) {
      config = resolved;
    },
    // After the app's files are written (and before `closeBundle`, where precompress runs, so
    // sw.js gets its .br and .gz too).
    async writeBundle(output, bundle) {
      const outDir = output.dir ?? path.resolve(config.root, config.build.outDir);
      const entries = precacheEntries(
        bundle,
        options.precacheModules,
        publicEntries(config.publicDir),
      );
      // The build's id: a new id is a new worker, which installs and waits for the page.
      const buildId = hashOf(entries.map((e) => `${e.url} ${e.revision}`).join("\n"));
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: "warn",
        publicDir: false,
        define: {
          __SW_BUILD__: JSON.stringify(buildId),
          __SW_PRECACHE__: JSON.stringify(entries.map((e) => e.url)),
          __SW_SHELL_SCRIPTS__: JSON.stringify(entryScripts(bundle)),
        },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          sourcemap: false,
          minify: true,
          target: "es2022",
          lib: {
            entry: path.resolve(options.entry),
            formats: ["iife"],
            name: "serviceWorker",
            fileName: () => "sw.js",
          },
        },
      });
    },
  };
}
