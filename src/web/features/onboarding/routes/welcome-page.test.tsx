import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { targetYearChoices } from "../../../../shared/onboarding.ts";
import { WelcomePage } from "./welcome-page.tsx";

const [thisYear = 0, nextYear = 0] = targetYearChoices();
const fresh = { completed: false, targetExam: null, targetYear: null, dailyGoalHours: 2 };

function renderWelcome(routes: Parameters<typeof stubApi>[0]) {
  const stub = stubApi({ "GET /api/onboarding": () => jsonResponse(200, fresh), ...routes });
  const view = renderRoutes(
    [
      { path: "/student/welcome", element: <WelcomePage /> },
      { path: "/student/dashboard", element: <p>Student dashboard</p> },
    ],
    { path: "/student/welcome", session: studentSession("Asha Rao") },
  );
  return { ...view, ...stub };
}

describe("WelcomePage (onboarding)", () => {
  it("takes the student through exam and year, language and goal, then to the dashboard", async () => {
    const sent: Record<string, unknown> = {};
    const { requests } = renderWelcome({
      "PUT /api/onboarding/target": ({ json }) => {
        sent.target = json();
        return jsonResponse(200, { ...fresh, targetExam: "state_psc", targetYear: thisYear });
      },
      "PUT /api/account/language": ({ json }) => {
        sent.language = json();
        return jsonResponse(200, { uiLanguage: "hi", questionLanguage: "hi" });
      },
      "PUT /api/home/study-goal": ({ json }) => {
        sent.goal = json();
        return jsonResponse(200, { hours: 3 });
      },
      "POST /api/onboarding/complete": () =>
        jsonResponse(200, { ...fresh, completed: true, dailyGoalHours: 3 }),
    });
    const user = userEvent.setup();

    expect(await screen.findByText("Step 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Your target exam" })).toBeInTheDocument();
    // A UPSC aspirant's likely answer is chosen already: next year's Civil Services.
    expect(screen.getByLabelText("Exam")).toHaveValue("upsc_cse");
    expect(screen.getByLabelText("Year you will sit it")).toHaveValue(String(nextYear));
    await user.selectOptions(screen.getByLabelText("Exam"), "State PSC");
    await user.selectOptions(screen.getByLabelText("Year you will sit it"), String(thisYear));
    await user.click(screen.getByRole("button", { name: "Next" }));

    const language = await screen.findByRole("heading", { name: "Language" });
    expect(screen.getByText("Step 2 of 3")).toBeInTheDocument();
    // The new step's heading takes the focus.
    expect(language).toHaveFocus();
    await user.click(screen.getByRole("radio", { name: "Hindi" }));
    // The interface switches at once (the Hindi catalog is a chunk of its own).
    await user.click(await screen.findByRole("button", { name: "अगला" }));

    expect(await screen.findByText("चरण 3 / 3")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("प्रतिदिन पढ़ाई के घंटे"), "3");
    await user.click(screen.getByRole("button", { name: "पूरा करें" }));

    expect(await screen.findByText("Student dashboard")).toBeInTheDocument();
    expect(sent).toEqual({
      target: { exam: "state_psc", year: thisYear },
      language: { language: "hi" },
      goal: { hours: 3 },
    });
    expect(requests).toEqual([
      "GET /api/onboarding",
      "PUT /api/onboarding/target",
      "PUT /api/account/language",
      "PUT /api/home/study-goal",
      "POST /api/onboarding/complete",
    ]);
  });

  it("goes back a step without losing the saved choice", async () => {
    renderWelcome({
      "PUT /api/onboarding/target": () =>
        jsonResponse(200, { ...fresh, targetExam: "upsc_cds", targetYear: nextYear }),
    });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText("Exam"), "upsc_cds");
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(await screen.findByRole("button", { name: "Back" }));
    expect(await screen.findByLabelText("Exam")).toHaveValue("upsc_cds");
  });

  it("stays on the step and says why when the server refuses the target", async () => {
    renderWelcome({
      "PUT /api/onboarding/target": () =>
        jsonResponse(422, {
          error: { code: "VALIDATION_FAILED", message: "Choose the year you will sit the exam." },
        }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Next" }));
    expect(await screen.findByText("Step 1 of 3")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Language" })).toBeNull();
  });

  it("lets the student skip to the dashboard, and says so to the server", async () => {
    const { requests } = renderWelcome({
      "POST /api/onboarding/skip": () => jsonResponse(200, fresh),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Skip for now" }));
    expect(await screen.findByText("Student dashboard")).toBeInTheDocument();
    expect(requests).toEqual(["GET /api/onboarding", "POST /api/onboarding/skip"]);
  });
});
