import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import { applyLanguage } from "@web/lib/i18n.ts";
import type { LiveTestList, LiveTestListItem } from "@web/lib/live-tests.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { liveTestView } from "@web/test/live-tests.ts";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { renderPage, testQueryClient } from "@web/test/render.tsx";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LiveTestsSection, liveCardState } from "./live-test-cards.tsx";

const MINUTE = 60_000;
/** 10:00 in India (04:30 UTC) on 5 Dec 2026. */
const OPENS = Date.UTC(2026, 11, 5, 4, 30);
const iso = (ms: number) => new Date(ms).toISOString();

/** A live test opening at `opensAt` (15 min entry, 120 min long), as GET /api/live-tests says it. */
function item(
  n: number,
  options: {
    opensAt?: number;
    me?: LiveTestListItem["me"];
    phase?: LiveTestListItem["phase"];
    registeredCount?: number;
  } = {},
): LiveTestListItem {
  const opensAt = options.opensAt ?? OPENS;
  return {
    ...liveTestView(opensAt, {
      examId: `8a7e2c1e-0000-4000-8000-00000000003${n}`,
      title: `All-India Prelims Mock ${n}`,
      phase: options.phase,
      registeredCount: options.registeredCount,
    }),
    me: options.me === undefined ? notRegistered(opensAt) : options.me,
  };
}
const notRegistered = (opensAt = OPENS) => ({
  registered: false,
  entryAt: iso(opensAt + 2 * MINUTE),
  attempt: null,
});
const registered = (
  attempt: "none" | "open" | "completed" | null = null,
  entryAt = OPENS + 2 * MINUTE,
) => ({ registered: true, entryAt: iso(entryAt), attempt });

const list = (items: LiveTestListItem[], serverNow = OPENS - 60 * MINUTE): LiveTestList => ({
  items,
  serverNow: iso(serverNow),
});

afterEach(() => {
  vi.useRealTimers();
});

describe("liveCardState", () => {
  it("says where the student stands as the test moves on", () => {
    const before = OPENS - MINUTE;
    expect(liveCardState(item(1), before)).toBe("register");
    expect(liveCardState(item(1, { me: registered() }), before)).toBe("registered");
    // The entry window: before the student's own entry time they wait, then they enter.
    const mine = item(1, { me: registered(null, OPENS + 2 * MINUTE) });
    expect(liveCardState(mine, OPENS + MINUTE)).toBe("registered");
    expect(liveCardState(mine, OPENS + 2 * MINUTE)).toBe("enter");
    expect(liveCardState(item(1, { me: registered("open") }), OPENS + 3 * MINUTE)).toBe("resume");
    expect(liveCardState(item(1, { me: registered("completed") }), OPENS + 3 * MINUTE)).toBe(
      "submitted",
    );
    // Registration stays open during the entry window.
    expect(liveCardState(item(1), OPENS + MINUTE)).toBe("register");
    // After the entry window: only the student's own attempt keeps the card.
    const running = OPENS + 20 * MINUTE;
    expect(liveCardState(item(1), running)).toBeNull();
    expect(liveCardState(item(1, { me: registered("none") }), running)).toBeNull();
    expect(liveCardState(item(1, { me: registered("open") }), running)).toBe("resume");
    expect(liveCardState(item(1, { me: registered("open") }), OPENS + 140 * MINUTE)).toBe(
      "awaiting",
    );
    // Published: the student's rank, for a week after the close; nothing for the others.
    const published = { phase: "published" as const };
    expect(liveCardState(item(1, { ...published, me: registered() }), OPENS + DAY)).toBe("results");
    expect(liveCardState(item(1, { ...published, me: registered() }), OPENS + 8 * DAY)).toBeNull();
    expect(liveCardState(item(1, published), OPENS + DAY)).toBeNull();
    // A visitor's list (no `me`): only the tests still taking registrations.
    expect(liveCardState(item(1, { me: null }), before)).toBe("register");
    expect(liveCardState(item(1, { me: null }), running)).toBeNull();
  });
});
const DAY = 24 * 60 * MINUTE;

describe("LiveTestsSection", () => {
  it("shows a card per live test with its India time, length, count and the way in", async () => {
    const { requests } = stubApi({
      "GET /api/live-tests": () =>
        jsonResponse(
          200,
          list([
            item(1, { me: registered() }),
            item(2, { opensAt: OPENS + DAY, registeredCount: 100000 }),
            // Over, not taken: no card.
            item(3, { opensAt: OPENS - 3 * DAY, me: registered("none") }),
          ]),
        ),
    });
    renderPage(<LiveTestsSection />);
    const section = await screen.findByRole("region", { name: "Live tests" });
    const cards = within(section).getAllByRole("article");
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(first).toHaveAccessibleName("All-India Prelims Mock 1");
    expect(first).toHaveTextContent("Starts5 Dec 2026, 10:00 IST");
    expect(first).toHaveTextContent("Duration120 minutes · 100 questions");
    expect(first).toHaveTextContent("2,431 registered");
    expect(first).toHaveTextContent("Registered");
    expect(first).toHaveTextContent("Your entry5 Dec 2026, 10:02 IST");
    const room = within(first).getByRole("link", { name: "Go to the waiting room" });
    expect(room).toHaveAttribute("href", "/exam/8a7e2c1e-0000-4000-8000-000000000031");
    expect(room).toHaveAccessibleDescription("All-India Prelims Mock 1");
    // Indian grouping for large counts.
    expect(second).toHaveTextContent("1,00,000 registered");
    expect(second).toHaveTextContent("Upcoming");
    expect(within(second).getByRole("link", { name: "Register" })).toHaveAttribute(
      "href",
      "/exam/8a7e2c1e-0000-4000-8000-000000000032",
    );
    expect(requests).toEqual(["GET /api/live-tests"]);
  });

  it("puts the tests to enter first, then those to come, then results", async () => {
    stubApi({
      "GET /api/live-tests": () =>
        jsonResponse(
          200,
          list(
            [
              item(1, { opensAt: OPENS - 2 * DAY, phase: "published", me: registered() }),
              item(2, { opensAt: OPENS + DAY }),
              item(3, { me: registered("none", OPENS) }),
            ],
            OPENS + MINUTE,
          ),
        ),
    });
    renderPage(<LiveTestsSection />);
    const section = await screen.findByRole("region", { name: "Live tests" });
    const links = within(section).getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual(["Enter now", "Register", "See your rank"]);
  });

  it("turns to Enter now at the student's own entry time, on the server's clock", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    // The browser's clock is 5 minutes behind the server's.
    const serverNow = OPENS + MINUTE;
    vi.setSystemTime(serverNow - 5 * MINUTE);
    const queryClient = testQueryClient();
    queryClient.setQueryData(
      queryKeys.liveTests.list(),
      list([item(1, { me: registered(null, OPENS + 2 * MINUTE) })], serverNow),
    );
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <LiveTestsSection />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole("link", { name: "Go to the waiting room" })).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(MINUTE + 1000);
    });
    expect(screen.getByRole("link", { name: "Enter now" })).toBeInTheDocument();
    expect(screen.getByRole("article")).toHaveTextContent("Entry open");
  });

  it("shows nothing when no live test is for the student, or the list fails", async () => {
    let fail = false;
    const { requests } = stubApi({
      "GET /api/live-tests": () =>
        fail
          ? jsonResponse(500, { error: { code: "INTERNAL", message: "Down." } })
          : jsonResponse(200, list([])),
    });
    const { container, unmount } = renderPage(<LiveTestsSection />);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
    unmount();
    fail = true;
    const failed = renderPage(<LiveTestsSection />);
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    expect(failed.container).toBeEmptyDOMElement();
  });

  it("reads in Hindi", async () => {
    await applyLanguage("hi");
    stubApi({
      "GET /api/live-tests": () => jsonResponse(200, list([item(1)])),
    });
    renderPage(<LiveTestsSection />);
    const section = await screen.findByRole("region", { name: "लाइव टेस्ट" });
    const card = within(section).getByRole("article");
    expect(card).toHaveTextContent("2,431 पंजीकृत");
    expect(card).toHaveTextContent("120 मिनट · 100 प्रश्न");
    expect(card).toHaveTextContent("(भारतीय समय)");
    expect(card).toHaveTextContent("अखिल भारतीय लाइव टेस्ट");
    expect(within(card).getByRole("link", { name: "रजिस्टर करें" })).toBeInTheDocument();
  });
});
