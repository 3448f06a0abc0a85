import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { adminSession, renderRoutes } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { ExaminerAgreementPage } from "./agreement-page.tsx";

const TEST = "6c1f3a52-0000-4000-8000-000000000102";
const figures = { pairs: 7, kappa: 0.27, meanDifferenceMarks: 1.71, meanDifferenceBands: 0.71 };
const answer = (paper: string | null) => ({
  paper,
  overall: figures,
  papers: [{ paper: "gs2", ...figures }],
  tests: [
    {
      id: TEST,
      title: "GS II full test 3",
      titleHi: null,
      paper: "gs2",
      opensAt: "2026-02-28T03:30:00.000Z",
      ...figures,
    },
  ],
  mentors: [
    {
      mentorId: "m-meera",
      name: "Meera Iyer",
      pairs: 7,
      kappa: 0.27,
      meanDifferenceMarks: 1,
      meanDifferenceBands: 1.29,
      flag: "high",
      suggestedCorrection: -1,
    },
  ],
});

describe("ExaminerAgreementPage", () => {
  it("shows agreement by paper, test and mentor, and filters by paper", async () => {
    const { requests } = stubApi({
      "GET /api/admin/mains-calibration": ({ url }) =>
        jsonResponse(200, answer(url.searchParams.get("paper"))),
    });
    renderRoutes([{ path: "/admin/mains-calibration", Component: ExaminerAgreementPage }], {
      path: "/admin/mains-calibration",
      session: adminSession(),
    });
    const byTest = await screen.findByRole("region", { name: "By test" });
    expect(within(byTest).getByRole("link", { name: "GS II full test 3" })).toHaveAttribute(
      "href",
      `/admin/mains-tests/${TEST}/calibration`,
    );
    expect(screen.getByRole("region", { name: "By paper" })).toHaveTextContent("Weak agreement");
    const mentor = within(screen.getByRole("region", { name: "By mentor" })).getByRole("row", {
      name: /Meera Iyer/,
    });
    expect(within(mentor).getByText("Runs high")).toBeVisible();
    expect(within(mentor).getByText("+1 mark")).toBeVisible();
    expect(within(mentor).getByText("+1.29 bands")).toBeVisible();

    await userEvent.selectOptions(screen.getByLabelText("Paper"), "GS II");
    await waitFor(() => expect(requests).toContain("GET /api/admin/mains-calibration?paper=gs2"));
    await waitFor(() => expect(screen.queryByRole("region", { name: "By paper" })).toBeNull());
  });

  it("says so when no answer is double-marked yet", async () => {
    stubApi({
      "GET /api/admin/mains-calibration": () =>
        jsonResponse(200, {
          ...answer(null),
          overall: { pairs: 0, kappa: null, meanDifferenceMarks: null, meanDifferenceBands: null },
          papers: [],
          tests: [],
          mentors: [],
        }),
    });
    renderRoutes([{ path: "/admin/mains-calibration", Component: ExaminerAgreementPage }], {
      path: "/admin/mains-calibration",
      session: adminSession(),
    });
    expect(await screen.findByText("No double-marked answers yet")).toBeVisible();
  });
});
