import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

afterEach(() => {
  cleanup();
  // Undoes stubFetch (src/web/test/network.ts) and any other stubbed global.
  vi.unstubAllGlobals();
});
