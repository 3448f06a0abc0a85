import { describe, expect, it } from "vitest";
import { appUrl, installPushHandlers, type PushScope } from "./sw-push.ts";

const ORIGIN = "https://app.example.org";

/** A service worker scope that records what the handlers do, with events fired by hand. */
function fakeScope(tabs: { url: string }[] = []) {
  const listeners = new Map<string, (event: never) => void>();
  const shown: { title: string; options: unknown }[] = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const scope = {
    location: { origin: ORIGIN },
    registration: {
      showNotification: async (title: string, options?: unknown) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () =>
        tabs.map((tab) => ({
          url: tab.url,
          focus: async () => {
            focused.push(tab.url);
          },
        })),
      openWindow: async (url: string) => {
        opened.push(url);
      },
    },
    addEventListener: (type: string, listener: (event: never) => void) => {
      listeners.set(type, listener);
    },
  } as PushScope;
  installPushHandlers(scope);
  async function fire(type: string, event: object) {
    const pending: Promise<unknown>[] = [];
    const listener = listeners.get(type);
    if (!listener) throw new Error(`no ${type} listener`);
    listener({ ...event, waitUntil: (p: Promise<unknown>) => pending.push(p) } as never);
    await Promise.all(pending);
  }
  return { shown, opened, focused, fire };
}

const pushEvent = (payload: unknown) => ({
  data: { json: () => payload, text: () => JSON.stringify(payload) },
});
const click = (data: unknown) => ({ notification: { data, close: () => {} } });

describe("the service worker's push handlers", () => {
  it("show the payload's title and body with the app icon and the link in data", async () => {
    const sw = fakeScope();
    await sw.fire(
      "push",
      pushEvent({
        title: "Today's quiz is live",
        body: "Take it now.",
        url: `${ORIGIN}/quiz/q1/attempt`,
        tag: "quizLive:1",
      }),
    );
    expect(sw.shown).toEqual([
      {
        title: "Today's quiz is live",
        options: {
          body: "Take it now.",
          icon: "/icon-192.png",
          badge: "/icon-192.png",
          tag: "quizLive:1",
          data: { url: `${ORIGIN}/quiz/q1/attempt` },
        },
      },
    ]);
  });

  it("still show something for a push that is not JSON, and never link off the site", async () => {
    const sw = fakeScope();
    await sw.fire("push", {
      data: {
        json: () => {
          throw new SyntaxError("not json");
        },
        text: () => "hello",
      },
    });
    expect(sw.shown[0]).toMatchObject({ title: "app.example.org", options: { body: "hello" } });
    expect(appUrl("https://evil.example.com/x", ORIGIN)).toBe(`${ORIGIN}/`);
    expect(appUrl("/student/revision", ORIGIN)).toBe(`${ORIGIN}/student/revision`);
  });

  it("focus a tab already on the page, else open it (never navigate another tab)", async () => {
    const url = `${ORIGIN}/student/revision`;
    const withTab = fakeScope([{ url: `${ORIGIN}/exam/e1` }, { url }]);
    await withTab.fire("notificationclick", click({ url }));
    expect(withTab.focused).toEqual([url]);
    expect(withTab.opened).toEqual([]);

    const examOnly = fakeScope([{ url: `${ORIGIN}/exam/e1` }]);
    await examOnly.fire("notificationclick", click({ url }));
    expect(examOnly.focused).toEqual([]);
    expect(examOnly.opened).toEqual([url]);
  });
});
