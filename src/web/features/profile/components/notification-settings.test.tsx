import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { applyLanguage } from "@web/lib/i18n.ts";
import { notify } from "@web/lib/toast.ts";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NotificationSettingsCard } from "./notification-settings.tsx";

const settings = (devices = 0, changes: object = {}) => ({
  preferences: {
    quizLive: true,
    answerEvaluated: true,
    revisionDue: true,
    liveClass: true,
    emailFallback: true,
    ...changes,
  },
  devices,
});

function renderCard(routes: Parameters<typeof stubApi>[0]) {
  const stub = stubApi({
    "GET /api/notifications/settings": () => jsonResponse(200, settings()),
    ...routes,
  });
  renderRoutes([{ path: "/student/profile", element: <NotificationSettingsCard /> }], {
    path: "/student/profile",
    session: studentSession("Asha Rao"),
  });
  return stub;
}

/** A browser with a service worker and PushManager, as Chromium has. */
function stubPushBrowser(permission: NotificationPermission = "default") {
  let current: { endpoint: string; unsubscribe: () => Promise<boolean> } | null = null;
  const subscribe = vi.fn(async () => {
    current = {
      endpoint: "https://push.example.net/abc",
      unsubscribe: async () => {
        current = null;
        return true;
      },
    };
    return {
      ...current,
      toJSON: () => ({
        endpoint: "https://push.example.net/abc",
        keys: { p256dh: "BKey", auth: "secret" },
      }),
    };
  });
  const registration = {
    pushManager: { subscribe, getSubscription: async () => current },
  };
  vi.stubGlobal("PushManager", class {});
  vi.stubGlobal(
    "Notification",
    Object.assign(class {}, {
      permission,
      requestPermission: vi.fn(async () => "granted"),
    }),
  );
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { subscribe };
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("the profile's Notifications section", () => {
  it("says push is not available on a browser without it, and that email is used", async () => {
    renderCard({});
    expect(await screen.findByRole("heading", { name: "Notifications" })).toBeInTheDocument();
    expect(
      screen.getByText(
        "Push notifications are not available on this browser, so reminders come by email.",
      ),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole("button", { name: "Turn on notifications on this device" }),
    ).toBeNull();
  });

  it("saves every switch at once when one changes", async () => {
    let sent: unknown;
    const { requests } = renderCard({
      "PUT /api/notifications/preferences": ({ json }) => {
        sent = json();
        return jsonResponse(200, sent);
      },
    });
    const list = await screen.findByRole("list", { name: "Remind me when" });
    const quiz = within(list).getByRole("switch", { name: "Today's quiz is live" });
    expect(quiz).toHaveAttribute("aria-checked", "true");
    await userEvent.click(quiz);
    await waitFor(() => expect(requests).toContain("PUT /api/notifications/preferences"));
    expect(sent).toEqual({ ...settings().preferences, quizLive: false });
    expect(screen.getByRole("switch", { name: "Email me when push is not on" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
  });

  it("lists the test results switch, in English and in Hindi, and saves it with the rest", async () => {
    let sent: unknown;
    const { requests } = renderCard({
      "GET /api/notifications/settings": () =>
        jsonResponse(200, settings(0, { testResults: true })),
      "PUT /api/notifications/preferences": ({ json }) => {
        sent = json();
        return jsonResponse(200, sent);
      },
    });
    const list = await screen.findByRole("list", { name: "Remind me when" });
    const results = within(list).getByRole("switch", {
      name: "My live test results are out, or my score changes after a key correction",
    });
    expect(within(list).getAllByRole("switch")).toHaveLength(6);
    // Replies, pinned explanations and answered error reports have their own switch (decision 064).
    expect(
      within(list).getByRole("switch", {
        name: "Someone replies to my post, a verified explanation is pinned on a question I discussed, or my error report is answered",
      }),
    ).toBeInTheDocument();
    await userEvent.click(results);
    await waitFor(() => expect(requests).toContain("PUT /api/notifications/preferences"));
    expect(sent).toEqual({ ...settings().preferences, testResults: false });

    await applyLanguage("hi");
    const hindi = await screen.findByRole("list", { name: "मुझे याद दिलाएँ जब" });
    expect(
      within(hindi).getByRole("switch", {
        name: "मेरे लाइव टेस्ट के परिणाम घोषित हों, या उत्तर कुंजी सुधरने पर मेरा स्कोर बदले",
      }),
    ).toBeInTheDocument();
  });

  it("puts a refused switch back and says why", async () => {
    const error = vi.spyOn(notify, "error").mockImplementation(() => "");
    renderCard({
      "PUT /api/notifications/preferences": () =>
        jsonResponse(422, { error: { code: "VALIDATION_FAILED", message: "Invalid input." } }),
    });
    const email = await screen.findByRole("switch", { name: "Email me when push is not on" });
    await userEvent.click(email);
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        "Could not save your notification settings",
        "Invalid input.",
      ),
    );
    await waitFor(() => expect(email).toHaveAttribute("aria-checked", "true"));
  });

  it("subscribes this device with the server's key and sends the subscription", async () => {
    const { subscribe } = stubPushBrowser();
    vi.spyOn(notify, "success").mockImplementation(() => "");
    let sent: unknown;
    renderCard({
      "GET /api/notifications/vapid-public-key": () => jsonResponse(200, { publicKey: "BAEC" }),
      "POST /api/notifications/subscriptions": ({ json }) => {
        sent = json();
        return jsonResponse(201, settings(1));
      },
    });
    expect(await screen.findByText("This device does not get reminders yet.")).toBeInTheDocument();
    await userEvent.click(
      await screen.findByRole("button", { name: "Turn on notifications on this device" }),
    );
    await waitFor(() => expect(sent).toBeDefined());
    expect(subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array([0x04, 0x01, 0x02]),
    });
    expect(sent).toEqual({
      endpoint: "https://push.example.net/abc",
      keys: { p256dh: "BKey", auth: "secret" },
    });
    expect(await screen.findByText("This device gets reminders.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Turn off on this device" })).toBeInTheDocument();
  });

  it("says when the browser blocks notifications", async () => {
    stubPushBrowser("denied");
    renderCard({});
    expect(
      await screen.findByText(
        "Notifications are blocked for this site. Allow them in your browser's site settings, then try again.",
      ),
    ).toBeInTheDocument();
  });
});
