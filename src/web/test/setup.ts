import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { i18n } from "../lib/i18n.ts";

// findBy*/waitFor poll until this bound, never wait it out: a page's first render (lazy chunks,
// accessible names) took over the default 1 s on the shared 2-core machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // Undoes stubFetch (src/web/test/network.ts) and any other stubbed global.
  vi.unstubAllGlobals();
});

// Files share their worker's modules (decision 038): a test that shows Hindi must not leave the
// next file in Hindi.
afterEach(async () => {
  if (i18n.language !== "en") await i18n.changeLanguage("en");
});
