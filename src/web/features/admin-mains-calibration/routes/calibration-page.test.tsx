import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@web/lib/toast.ts";
import { type ApiRoute, jsonResponse, stubApi } from "@web/test/network.ts";
import { adminSession, renderRoutes } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MarkingCalibrationPage } from "./calibration-page.tsx";

const TEST = "6c1f3a52-0000-4000-8000-000000000101";
const path = `/admin/mains-tests/${TEST}/calibration`;
/** A mentor's row in the moderation table (the turnaround table has rows by name too). */
const mentorRow = (name: string) =>
  within(screen.getByRole("region", { name: "Mentors and moderation" })).getByRole("row", {
    name: new RegExp(name),
  });

const mentor = (name: string, extra: Record<string, unknown>) => ({
  mentorId: `m-${name}`,
  name,
  pairs: 5,
  kappa: 0.435,
  meanDifferenceMarks: 0,
  meanDifferenceBands: 0,
  flag: null,
  suggestedCorrection: null,
  correction: null,
  ...extra,
});

const calibration = (overrides: Record<string, unknown> = {}) => ({
  test: {
    id: TEST,
    title: "GS II full test 3",
    titleHi: null,
    paper: "gs2",
    turnaroundHours: 120,
    resultsPublishedAt: null,
  },
  agreement: { pairs: 5, kappa: 0.435, meanDifferenceMarks: 2.8, meanDifferenceBands: 1.4 },
  mentors: [
    mentor("Meera Iyer", {
      meanDifferenceMarks: 2.8,
      meanDifferenceBands: 1.4,
      flag: "high",
      suggestedCorrection: -3,
    }),
    mentor("Ravi Kumar", {
      meanDifferenceMarks: -2.8,
      meanDifferenceBands: -1.4,
      flag: "low",
      suggestedCorrection: 3,
      correction: 2.5,
    }),
  ],
  moderation: [],
  turnaround: {
    test: {
      firstDueAt: "2026-03-06T12:00:00.000Z",
      lastDueAt: "2026-03-06T12:00:00.000Z",
      booklets: 6,
      evaluated: 4,
      pending: 2,
      p50Hours: 25,
      p90Hours: 37,
      lateEvaluated: 2,
      overduePending: 1,
      late: 3,
    },
    mentors: [
      {
        mentorId: "m-Meera Iyer",
        name: "Meera Iyer",
        markings: 4,
        p50Hours: 23,
        p90Hours: 35,
        late: 2,
      },
    ],
  },
  ...overrides,
});

function renderCalibration(routes: Record<string, ApiRoute> = {}, data = calibration()) {
  const stub = stubApi({
    [`GET /api/admin/mains-tests/${TEST}/calibration`]: () => jsonResponse(200, data),
    ...routes,
  });
  renderRoutes(
    [{ path: "/admin/mains-tests/:testId/calibration", Component: MarkingCalibrationPage }],
    {
      path,
      session: adminSession(),
    },
  );
  return stub;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("MarkingCalibrationPage", () => {
  it("shows kappa with its reading, each mentor's flag and suggestion, and turnaround", async () => {
    renderCalibration();
    expect(await screen.findByRole("heading", { name: "Marking calibration" })).toBeVisible();
    expect(await screen.findByText("GS II full test 3")).toBeVisible();
    const agreement = screen.getByRole("region", { name: "Agreement between examiners" });
    expect(within(agreement).getByText("0.44")).toBeVisible();
    expect(within(agreement).getByText("Moderate agreement")).toBeVisible();
    expect(within(agreement).getByText("+2.8")).toBeVisible();
    const meera = mentorRow("Meera Iyer");
    expect(within(meera).getByText("Runs high")).toBeVisible();
    expect(within(meera).getByText("\u22123")).toBeVisible();
    const ravi = mentorRow("Ravi Kumar");
    expect(within(ravi).getByText("Runs low")).toBeVisible();
    expect(within(ravi).getByLabelText("Correction for Ravi Kumar, in marks")).toHaveValue(2.5);
    const turnaround = screen.getByRole("region", { name: "Turnaround" });
    expect(within(turnaround).getByText("37 h")).toBeVisible();
    expect(within(turnaround).getByText("2 evaluated late, 1 waiting past the date")).toBeVisible();
    expect(screen.getByRole("heading", { name: "How these figures are made" })).toBeVisible();
  });

  it("applies a correction in half marks and clears one; refuses a quarter without a request", async () => {
    vi.spyOn(notify, "success").mockImplementation(() => "");
    const sent: unknown[] = [];
    const { requests } = renderCalibration({
      [`PUT /api/admin/mains-tests/${TEST}/moderation`]: ({ json }) => {
        sent.push(json());
        return jsonResponse(200, json());
      },
      [`DELETE /api/admin/mains-tests/${TEST}/moderation/m-Ravi Kumar`]: () =>
        jsonResponse(200, { testId: TEST, mentorId: "m-Ravi Kumar", cleared: true }),
    });
    const input = await screen.findByLabelText("Correction for Meera Iyer, in marks");
    const meera = mentorRow("Meera Iyer");
    await userEvent.type(input, "-2.25");
    await userEvent.click(within(meera).getByRole("button", { name: "Apply" }));
    expect(await within(meera).findByText("A correction is in whole or half marks.")).toBeVisible();
    expect(sent).toEqual([]);
    await userEvent.clear(input);
    await userEvent.type(input, "-3");
    await userEvent.click(within(meera).getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(sent).toEqual([{ mentorId: "m-Meera Iyer", correction: -3 }]));

    expect(
      within(meera).getByRole("button", { name: "Clear the correction for Meera Iyer" }),
    ).toBeDisabled();
    await userEvent.click(
      screen.getByRole("button", { name: "Clear the correction for Ravi Kumar" }),
    );
    await waitFor(() =>
      expect(requests).toContain(`DELETE /api/admin/mains-tests/${TEST}/moderation/m-Ravi%20Kumar`),
    );
  });

  it("closes moderation once the results are published", async () => {
    const published = calibration();
    published.test.resultsPublishedAt = "2026-03-10T06:30:00.000Z" as unknown as null;
    renderCalibration({}, published);
    expect(await screen.findByText(/moderation is closed/)).toBeVisible();
    for (const button of screen.getAllByRole("button", { name: "Apply" }))
      expect(button).toBeDisabled();
    expect(screen.getByLabelText("Correction for Meera Iyer, in marks")).toBeDisabled();
  });
});
