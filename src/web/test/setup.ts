import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// findBy*/waitFor poll until this bound, never wait it out: a page's first render (lazy chunks,
// accessible names) took over the default 1 s on the shared 2-core machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // Undoes stubFetch (src/web/test/network.ts) and any other stubbed global.
  vi.unstubAllGlobals();
});
