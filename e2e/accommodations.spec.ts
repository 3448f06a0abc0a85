import { WIDTHS } from "./a11y-helpers.ts";
import { apiAs, createExamWithApi, postOk } from "./api-setup.ts";
import { expect, runAdmin, test } from "./fixtures.ts";

// Extra time in tests (decision 048): a student whose accommodation an admin approved sees the
// longer time on the start screen, and the timer counts it down; a screen reader hears the time
// at 10 minutes left, not every second.
test("a student with extra time sees the longer time on the start screen and the timer", async ({
  baseURL,
  loginAs,
}) => {
  const base = baseURL ?? "";
  const suffix = Date.now().toString(36);
  const admin = runAdmin();
  const adminApi = await apiAs(base, admin.email, admin.password);
  const exam = await createExamWithApi(adminApi, {
    categoryName: `Accessible ${suffix}`,
    title: `Extra Time Mock ${suffix}`,
    timeLimitMinutes: 60,
    passingMarks: 40,
    questions: [
      {
        questionText: "Which Article abolishes untouchability?",
        options: { A: "Article 14", B: "Article 17", C: "Article 19", D: "Article 21" },
        correctAnswer: "B",
      },
      {
        questionText: "The Ramsar Convention protects:",
        options: { A: "Wetlands", B: "Deserts", C: "Forests", D: "Oceans" },
        correctAnswer: "A",
      },
    ],
  });
  const { page, user } = await loginAs("student", {
    fullName: "Neha Sharma",
    context: WIDTHS.phone,
  });
  // UPSC's rule: 20 minutes for every hour of the paper.
  await postOk(adminApi, "/api/admin/accommodations", {
    email: user.email,
    kind: "per_hour",
    minutes: 20,
  });
  await adminApi.dispose();

  // The profile says so.
  await page.goto("/student/profile");
  const section = page.getByRole("region", { name: "Extra time in tests" });
  await expect(section.getByText("Approved")).toBeVisible();
  await expect(section.getByText("+20 minutes per hour")).toBeVisible();

  // The page's timers run on a clock the test moves.
  await page.clock.install();
  await page.goto(`/exam/${exam.id}`);
  await expect(page.getByRole("note")).toHaveText(
    "You have 20 min of extra time (accommodation): 80 min in all.",
  );
  await page.getByRole("button", { name: "Start Exam" }).click();
  await expect(page.getByText("Question 1 of 2")).toBeVisible();
  const bar = page.getByTestId("attempt-bar");
  await expect(bar.getByRole("timer")).toHaveText(/^1:(20:00|19:5\d)$/);
  await expect(bar.getByRole("timer")).toHaveAccessibleName("Time left");
  await expect(bar.getByText("includes 20 min extra time")).toBeAttached();
  const announcement = bar.locator("[data-timer-announcement]");
  await expect(announcement).toHaveText("");

  // 70 minutes on: ten minutes left, said once to a screen reader.
  await page.clock.fastForward(70 * 60_000);
  await expect(bar.getByRole("timer")).toHaveText(/^(10:00|9:5\d)$/);
  await expect(announcement).toHaveText("10 minutes left");
});
