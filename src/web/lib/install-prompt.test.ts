import { describe, expect, it } from "vitest";
import {
  captureInstallPrompt,
  countVisit,
  declineInstall,
  isInstallOffered,
} from "./install-prompt.ts";

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

/** A browser session: its own session storage, the device's local storage. */
function visit(local: ReturnType<typeof memoryStorage>) {
  const win = new EventTarget() as EventTarget & Pick<Window, "addEventListener">;
  captureInstallPrompt(win, local, memoryStorage());
  // The browser's event, when the app can be installed.
  const event = new Event("beforeinstallprompt", { cancelable: true });
  Object.assign(event, { prompt: async () => ({ outcome: "dismissed" }) });
  win.dispatchEvent(event);
  return event;
}

describe("counting visits", () => {
  it("counts a browser session once, however many pages it shows", () => {
    const local = memoryStorage();
    const session = memoryStorage();
    expect(countVisit(local, session)).toBe(1);
    expect(countVisit(local, session)).toBe(1);
    expect(countVisit(local, memoryStorage())).toBe(2);
    expect(countVisit(null, session)).toBe(0);
  });
});

describe("the install offer", () => {
  it("holds the browser's prompt back and offers installing once, from the second visit", () => {
    const local = memoryStorage();
    expect(visit(local).defaultPrevented).toBe(true);
    expect(isInstallOffered()).toBe(false);
    expect(visit(local).defaultPrevented).toBe(true);
    expect(isInstallOffered()).toBe(true);
    declineInstall();
    expect(isInstallOffered()).toBe(false);
    // A third visit: the offer was made once; the browser's prompt stays held back.
    expect(visit(local).defaultPrevented).toBe(true);
    expect(isInstallOffered()).toBe(false);
  });
});
