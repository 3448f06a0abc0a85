import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { applyLanguage } from "@web/lib/i18n.ts";
import { liveTestView } from "@web/test/live-tests.ts";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { renderPage } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LiveRoomScreen } from "./live-room.tsx";

const EXAM = "8a7e2c1e-0000-4000-8000-000000000041";
const MINUTE = 60_000;
const NOW = Date.UTC(2026, 11, 5, 3, 30);
const iso = (ms: number) => new Date(ms).toISOString();

/** A premium live test opening in an hour, the student not registered, as the server says it. */
type Room = Parameters<typeof LiveRoomScreen>[0]["room"];

function premiumRoom(): Room {
  const opens = NOW + 60 * MINUTE;
  return {
    live: liveTestView(opens, {
      examId: EXAM,
      title: "All-India Prelims Mock 7",
      isFree: false,
      registeredCount: 12,
    }),
    me: {
      registered: false,
      displayName: null,
      anonymous: false,
      entryAt: iso(opens + 2 * MINUTE),
      attempt: null,
      result: null,
    },
    serverNow: iso(NOW),
  };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await applyLanguage("en");
});

describe("registering in the waiting room", () => {
  it("a premium test refused for want of a plan says why, with the way to the plans", async () => {
    const { requests } = stubApi({
      "GET /api/account/me": () =>
        jsonResponse(401, { error: { code: "UNAUTHORIZED", message: "No." } }),
      [`POST /api/live-tests/${EXAM}/registration`]: () =>
        jsonResponse(403, {
          error: {
            code: "FORBIDDEN",
            message: "Premium exams are included in our paid plans.",
            details: { reason: "premium", plansUrl: "/student/subscriptions?from=live" },
          },
        }),
    });
    renderPage(
      <LiveRoomScreen
        room={premiumRoom()}
        receivedAt={NOW}
        onStart={() => undefined}
        isStarting={false}
        back={{ to: "/student/dashboard", label: "Back to Dashboard" }}
      />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Name on the leaderboard"), "Asha");
    expect(screen.queryByRole("link", { name: "View Plans" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Register" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Premium exams are included in our paid plans.");
    expect(screen.getByRole("link", { name: "View Plans" })).toHaveAttribute(
      "href",
      "/student/subscriptions?from=live",
    );
    expect(requests).toContain(`POST /api/live-tests/${EXAM}/registration`);
  });
});
