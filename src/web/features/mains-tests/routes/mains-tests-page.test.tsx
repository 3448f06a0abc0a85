import { screen, within } from "@testing-library/react";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import type { MainsTestList, StudentMainsTest } from "../api/mains-tests.ts";
import { MainsTestsPage } from "./mains-tests-page.tsx";

const SERIES = "50000000-0000-4000-8000-000000000001";
const test = (id: string, extra: Partial<StudentMainsTest>): StudentMainsTest => ({
  seriesId: SERIES,
  id,
  title: `GS II test ${id.slice(0, 1)}`,
  titleHi: null,
  paper: "gs2",
  durationMinutes: 180,
  uploadGraceMinutes: 30,
  opensAt: "2031-01-10T04:30:00.000Z",
  closesAt: "2031-01-12T18:30:00.000Z",
  isFree: true,
  locked: false,
  questionCount: 20,
  totalMarks: 250,
  status: "open",
  attemptId: null,
  submittedAt: null,
  dueAt: null,
  resultsPublishedAt: null,
  ...extra,
});

const LIST: MainsTestList = {
  series: [
    {
      id: SERIES,
      title: "Mains Test Series 2027",
      titleHi: null,
      description: null,
      descriptionHi: null,
      tests: [
        test("10000000-0000-4000-8000-000000000000", {}),
        test("20000000-0000-4000-8000-000000000000", {
          status: "submitted",
          dueAt: "2031-01-17T18:30:00.000Z",
        }),
        test("30000000-0000-4000-8000-000000000000", { isFree: false, locked: true }),
        test("40000000-0000-4000-8000-000000000000", { status: "results_out" }),
      ],
    },
  ],
  serverNow: "2031-01-11T00:00:00.000Z",
};

describe("/student/mains-tests (decision 063)", () => {
  it("shows each test's status and next step, the series' calendar and the way to progress", async () => {
    stubApi({ "GET /api/mains-tests": () => jsonResponse(200, LIST) });
    renderRoutes([{ path: "/student/mains-tests", element: <MainsTestsPage /> }], {
      path: "/student/mains-tests",
      session: studentSession(),
    });
    expect(await screen.findByRole("heading", { name: "Mains tests", level: 1 })).toBeVisible();
    const cards = await screen.findAllByRole("listitem");
    const next = cards.map((card) => within(card).getByRole("link").getAttribute("href"));
    expect(next).toEqual([
      "/student/mains-tests/10000000-0000-4000-8000-000000000000",
      "/student/mains-tests/20000000-0000-4000-8000-000000000000",
      "/student/subscriptions",
      "/student/mains-tests/40000000-0000-4000-8000-000000000000/result",
    ]);
    expect(within(cards[1] as HTMLElement).getByText(/^Results promised by/)).toBeVisible();
    expect(screen.getByRole("link", { name: "Add to calendar" })).toHaveAttribute(
      "href",
      `/api/mains-series/${SERIES}/calendar.ics`,
    );
    expect(screen.getByRole("link", { name: "Progress" })).toHaveAttribute(
      "href",
      "/student/mains-tests/progress",
    );
  });
});
