import { screen } from "@testing-library/react";
import { captureInstallPrompt, declineInstall } from "@web/lib/install-prompt.ts";
import { renderRoutes } from "@web/test/render.tsx";
import { afterEach, describe, expect, it } from "vitest";
import { AppNotices, isAttemptPath } from "./app-notices.tsx";

/**
 * Two visits on one device, the second with the browser's install event and the student's first
 * scroll: the offer is open.
 */
function openInstallOffer() {
  const values = new Map<string, string>();
  const local = {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
  for (let visit = 0; visit < 2; visit++) {
    const win = new EventTarget() as EventTarget &
      Pick<Window, "addEventListener" | "removeEventListener">;
    const session = new Map<string, string>();
    captureInstallPrompt(win, local, {
      getItem: (key) => session.get(key) ?? null,
      setItem: (key, value) => void session.set(key, value),
    });
    const event = new Event("beforeinstallprompt", { cancelable: true });
    win.dispatchEvent(Object.assign(event, { prompt: async () => undefined }));
    win.dispatchEvent(new Event("scroll"));
  }
}

const render = (path: string) =>
  renderRoutes([{ path: "*", element: <AppNotices /> }], { path, session: null });

afterEach(() => declineInstall());

describe("the app notices", () => {
  it("knows every attempt page, of every kind, and nothing else", () => {
    for (const path of ["/exam/e1", "/quiz/q1/attempt", "/practice/p1", "/revision/r1"]) {
      expect(isAttemptPath(path), path).toBe(true);
    }
    for (const path of ["/news", "/student/practice", "/quiz/q1/result", "/student/exams"]) {
      expect(isAttemptPath(path), path).toBe(false);
    }
  });

  it("offers installing on other pages", async () => {
    openInstallOffer();
    render("/news");
    expect(await screen.findByRole("heading", { name: "Install the app" })).toBeInTheDocument();
    expect(screen.getByRole("complementary", { name: "App notices" })).toBeInTheDocument();
  });

  it("shows nothing on an attempt's page", () => {
    openInstallOffer();
    render("/exam/e1");
    expect(screen.queryByRole("complementary", { name: "App notices" })).toBeNull();
  });
});
