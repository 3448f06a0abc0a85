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

/**
 * A browser session: its own session storage, the device's local storage. The browser's event
 * comes when the app can be installed; `touch` is the student's first scroll, tap or key.
 */
function visit(
  local: ReturnType<typeof memoryStorage>,
  touch: "before" | "after" | "never" = "after",
) {
  const win = new EventTarget() as EventTarget &
    Pick<Window, "addEventListener" | "removeEventListener">;
  captureInstallPrompt(win, local, memoryStorage());
  if (touch === "before") win.dispatchEvent(new Event("scroll"));
  const event = new Event("beforeinstallprompt", { cancelable: true });
  Object.assign(event, { prompt: async () => ({ outcome: "dismissed" }) });
  win.dispatchEvent(event);
  if (touch === "after") win.dispatchEvent(new Event("pointerdown"));
  return { event, win };
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
    expect(visit(local).event.defaultPrevented).toBe(true);
    expect(isInstallOffered()).toBe(false);
    expect(visit(local).event.defaultPrevented).toBe(true);
    expect(isInstallOffered()).toBe(true);
    declineInstall();
    expect(isInstallOffered()).toBe(false);
    // A third visit: the offer was made once; the browser's prompt stays held back.
    expect(visit(local).event.defaultPrevented).toBe(true);
    expect(isInstallOffered()).toBe(false);
  });

  it("waits for the student's first scroll, tap or key of the visit, before or after the browser's event", () => {
    const first = memoryStorage();
    visit(first);
    // Second visit, nobody touches the page: no offer (it is not the page's largest paint).
    const { win } = visit(first, "never");
    expect(isInstallOffered()).toBe(false);
    win.dispatchEvent(new Event("keydown"));
    expect(isInstallOffered()).toBe(true);
    declineInstall();

    const other = memoryStorage();
    visit(other);
    visit(other, "before");
    expect(isInstallOffered()).toBe(true);
    declineInstall();
  });
});
