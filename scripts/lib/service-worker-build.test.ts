import type { Rolldown } from "vite";
import { describe, expect, it } from "vitest";
import { entryScripts, precacheEntries } from "./service-worker-build.ts";

type ChunkShape = {
  isEntry?: boolean;
  imports?: string[];
  moduleIds?: string[];
  css?: string[];
};

function chunk(fileName: string, shape: ChunkShape): Rolldown.OutputChunk {
  return {
    type: "chunk",
    fileName,
    isEntry: shape.isEntry ?? false,
    imports: shape.imports ?? [],
    moduleIds: shape.moduleIds ?? [],
    viteMetadata: { importedCss: new Set(shape.css ?? []), importedAssets: new Set() },
  } as unknown as Rolldown.OutputChunk;
}

const bundle = {
  "index.html": { type: "asset", fileName: "index.html", source: "<!doctype html>" },
  "assets/index-a1.js": chunk("assets/index-a1.js", {
    isEntry: true,
    imports: ["assets/react-b2.js"],
    css: ["assets/index-c3.css"],
  }),
  "assets/react-b2.js": chunk("assets/react-b2.js", {}),
  "assets/news-article-d4.js": chunk("assets/news-article-d4.js", {
    moduleIds: ["/app/src/web/features/news/routes/news-article.tsx"],
    imports: ["assets/rich-text-e5.js"],
  }),
  "assets/rich-text-e5.js": chunk("assets/rich-text-e5.js", { css: ["assets/rich-text-f6.css"] }),
  "assets/admin-g7.js": chunk("assets/admin-g7.js", {
    moduleIds: ["/app/src/web/features/admin/routes/admin-dashboard.tsx"],
  }),
} as unknown as Rolldown.OutputBundle;

describe("the precache list", () => {
  it("holds the shell, the entry and the offline pages with what they import, not the rest", () => {
    const entries = precacheEntries(
      bundle,
      ["src/web/features/news/routes/news-article.tsx"],
      [{ url: "/favicon.svg", revision: "abc" }],
    );
    expect(entries.map((entry) => entry.url)).toEqual([
      "/index.html",
      "/assets/index-a1.js",
      "/assets/index-c3.css",
      "/assets/news-article-d4.js",
      "/assets/react-b2.js",
      "/assets/rich-text-e5.js",
      "/assets/rich-text-f6.css",
      "/favicon.svg",
    ]);
    // A hashed file's name is its revision; the shell's is its content's hash.
    expect(entries[1]).toEqual({ url: "/assets/index-a1.js", revision: "assets/index-a1.js" });
    expect(entries[0]?.revision).toMatch(/^[0-9a-f]{16}$/);
  });

  it("names the entry scripts a shell of this build must load", () => {
    expect(entryScripts(bundle)).toEqual(["/assets/index-a1.js"]);
  });
});
