import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@web/lib/toast.ts";
import { type ApiRoute, jsonResponse, stubApi } from "@web/test/network.ts";
import { renderPage } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_RUBRIC, MAINS_PAPERS } from "../../../../shared/evaluation.ts";
import { AdminEvaluationsPage } from "./admin-evaluations.tsx";

const WAITING = "8a7e2c1e-0000-4000-8000-000000000901";
const MEERA = "m-meera";

const copy = (id: string, studentName: string, extra: Record<string, unknown> = {}) => ({
  id,
  studentName,
  questionText: "Discuss the Governor's discretionary powers.",
  paper: "gs2",
  stage: "submitted",
  submittedAt: "2026-11-18T04:00:00.000Z",
  dueAt: "2026-11-21T04:00:00.000Z",
  evaluatedAt: null,
  marks: null,
  outOf: 10,
  rating: null,
  mentorName: null,
  overdue: false,
  ...extra,
});

const SETTINGS = {
  turnaroundHours: 72,
  claimHours: 24,
  freeEvaluationsPerMonth: 2,
  mentorsMayPublishQuestions: false,
  rubrics: Object.fromEntries(MAINS_PAPERS.map((paper) => [paper, [...DEFAULT_RUBRIC]])),
};

function renderEvaluations(routes: Record<string, ApiRoute> = {}) {
  const stub = stubApi({
    "GET /api/admin/evaluations/summary": () =>
      jsonResponse(200, {
        pending: 5,
        overdue: 2,
        evaluated: 40,
        averageHours: 31.5,
        p90Hours: 60.2,
        onTime: 36,
        mentors: [
          {
            mentorId: MEERA,
            name: "Meera Iyer",
            evaluated: 40,
            averageHours: 31.5,
            p90Hours: 60.2,
            averageRating: 4.5,
            ratings: 12,
          },
        ],
      }),
    "GET /api/admin/evaluations": ({ url }) =>
      jsonResponse(200, {
        items:
          url.searchParams.get("status") === "evaluated"
            ? [
                copy("8a7e2c1e-0000-4000-8000-000000000902", "Ravi Kumar", {
                  stage: "evaluated",
                  evaluatedAt: "2026-11-20T04:00:00.000Z",
                  marks: 7,
                  rating: 5,
                  mentorName: "Meera Iyer",
                }),
              ]
            : [copy(WAITING, "Asha Rao", { overdue: true, dueAt: "2026-01-01T00:00:00.000Z" })],
        total: 1,
        page: 1,
        pageSize: 20,
      }),
    "GET /api/admin/evaluation-settings": () => jsonResponse(200, SETTINGS),
    "GET /api/admin/mentors": () =>
      jsonResponse(200, {
        items: [
          {
            id: MEERA,
            name: "Meera Iyer",
            email: "meera@example.com",
            load: 0,
            evaluated: 40,
            averageHours: 31.5,
            averageRating: 4.5,
          },
        ],
        total: 1,
        page: 1,
        pageSize: 100,
      }),
    ...routes,
  });
  return { ...stub, ...renderPage(<AdminEvaluationsPage />) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("AdminEvaluationsPage", () => {
  it("shows the counts, turnaround overall and per mentor, and the copies by state", async () => {
    const { requests } = renderEvaluations();
    expect(await screen.findByText("90th percentile turnaround")).toBeVisible();
    expect(screen.getByText("60.2 h", { selector: "dd" })).toBeVisible();
    expect(screen.getByText("90%")).toBeVisible();
    expect(screen.getByText("36 of 40 evaluated copies")).toBeVisible();
    const turnaround = screen.getByRole("region", { name: "Turnaround by mentor" });
    expect(within(turnaround).getByText("Meera Iyer").closest("tr")).toHaveTextContent("4.5");
    const row = (await screen.findByText("Asha Rao")).closest("tr");
    expect(row).toHaveTextContent(/Overdue by/);
    await userEvent.click(screen.getByRole("button", { name: "Evaluated" }));
    expect(await screen.findByText("Ravi Kumar")).toBeVisible();
    expect(screen.getByText("Ravi Kumar").closest("tr")).toHaveTextContent("7 / 10");
    expect(screen.queryByRole("button", { name: /Reassign/ })).toBeNull();
    expect(requests).toContain("GET /api/admin/evaluations?page=1&pageSize=20&status=evaluated");
  });

  it("reassigns a copy to a mentor, or back to the queue", async () => {
    vi.spyOn(notify, "success").mockImplementation(() => "");
    const sent: unknown[] = [];
    renderEvaluations({
      [`POST /api/admin/evaluations/${WAITING}/reassign`]: ({ json }) => {
        sent.push(json());
        return jsonResponse(200, { id: WAITING });
      },
    });
    const reassign = await screen.findByRole("button", {
      name: "Reassign the copy of Asha Rao",
    });
    await userEvent.click(reassign);
    let dialog = await screen.findByRole("dialog", { name: "Reassign copy" });
    const mentor = within(dialog).getByLabelText("Mentor");
    await within(dialog).findByRole("option", { name: "Meera Iyer (meera@example.com)" });
    await userEvent.selectOptions(mentor, "Meera Iyer (meera@example.com)");
    await userEvent.click(within(dialog).getByRole("button", { name: "Reassign" }));
    await waitFor(() => expect(sent).toEqual([{ mentorId: MEERA }]));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await userEvent.click(reassign);
    dialog = await screen.findByRole("dialog", { name: "Reassign copy" });
    expect(within(dialog).getByLabelText("Mentor")).toHaveValue("");
    await userEvent.click(within(dialog).getByRole("button", { name: "Reassign" }));
    await waitFor(() => expect(sent).toEqual([{ mentorId: MEERA }, { mentorId: null }]));
  });

  it("saves a paper's rubric only when the weights add up to 100", async () => {
    vi.spyOn(notify, "success").mockImplementation(() => "");
    let saved: unknown;
    renderEvaluations({
      "PUT /api/admin/evaluation-settings/rubrics/gs3": ({ json }) => {
        saved = json();
        return jsonResponse(200, SETTINGS);
      },
    });
    const rubrics = await screen.findByRole("region", { name: "Rubrics" });
    await userEvent.selectOptions(within(rubrics).getByLabelText("Paper"), "GS III");
    const removeLast = within(rubrics).getByRole("button", { name: "Remove part 6" });
    await userEvent.click(removeLast);
    expect(within(rubrics).getByText("Total: 90%")).toBeVisible();
    await userEvent.click(within(rubrics).getByRole("button", { name: "Save rubric" }));
    expect(
      await within(rubrics).findByText("The parts' weights must add up to 100."),
    ).toBeVisible();
    expect(saved).toBeUndefined();

    await userEvent.click(within(rubrics).getByRole("button", { name: "Add part" }));
    await userEvent.type(within(rubrics).getByLabelText("Part 6"), "Map and diagram");
    const weights = within(rubrics).getAllByLabelText("Weight (%)");
    await userEvent.type(weights[5] as HTMLElement, "10");
    expect(within(rubrics).getByText("Total: 100%")).toBeVisible();
    await userEvent.click(within(rubrics).getByRole("button", { name: "Save rubric" }));
    await waitFor(() =>
      expect(saved).toEqual({
        parts: [
          ...DEFAULT_RUBRIC.slice(0, 5).map((p) => ({ name: p.name, weight: p.weight })),
          { name: "Map and diagram", weight: 10 },
        ],
      }),
    );
  });

  it("saves the settings", async () => {
    vi.spyOn(notify, "success").mockImplementation(() => "");
    let saved: unknown;
    renderEvaluations({
      "PUT /api/admin/evaluation-settings": ({ json }) => {
        saved = json();
        return jsonResponse(200, { ...SETTINGS, ...(saved as object) });
      },
    });
    const settings = await screen.findByRole("region", { name: "Settings" });
    const turnaround = within(settings).getByLabelText("Promised turnaround (hours)");
    await userEvent.clear(turnaround);
    await userEvent.type(turnaround, "48");
    await userEvent.click(within(settings).getByLabelText("Mentors may publish Mains questions"));
    await userEvent.click(within(settings).getByRole("button", { name: "Save settings" }));
    await waitFor(() =>
      expect(saved).toEqual({
        turnaroundHours: 48,
        claimHours: 24,
        freeEvaluationsPerMonth: 2,
        mentorsMayPublishQuestions: true,
      }),
    );
  });
});
