import type { Page } from "@playwright/test";
import {
  screenshot,
  seriousViolations,
  settle,
  smallTouchTargets,
  WIDTHS,
  type Width,
} from "./a11y-helpers.ts";
import { DEMO_SAMPLES } from "./demo-samples.ts";
import { expect, SITE_WIDE, test } from "./fixtures.ts";

// The focused attempt screen (decision 021): the quiz start screen creates nothing,
// the compact bar replaces the header, the counts agree everywhere, leaving asks first, and the
// maintenance journey gives the student their time back.

async function axeClean(page: Page, name: string, width: Width) {
  await settle(page, "body");
  const findings = (await seriousViolations(page)).map((line) => `${name}: ${line}`);
  if (width === "phone") {
    for (const line of await smallTouchTargets(page)) findings.push(`${name}: small ${line}`);
  }
  expect(findings, findings.join("\n")).toEqual([]);
}

/** The palette squares live in a collapsed panel on a phone. */
async function palette(page: Page) {
  const toggle = page.getByRole("button", { name: "Show questions" });
  if (await toggle.isVisible()) await toggle.click();
  return page.getByRole("navigation", { name: "Question palette" });
}

for (const width of Object.keys(WIDTHS) as Width[]) {
  test(`attempt screen at ${width} width: quiz start screen, compact bar, counts, focus, exit`, async ({
    loginAs,
  }) => {
    test.setTimeout(180_000);
    const { context, page } = await loginAs("student", {
      fullName: "Meera Iyer",
      context: WIDTHS[width],
    });
    const ids = DEMO_SAMPLES;

    // The quiz start screen: rules, Start Quiz, and no attempt for the visit or a reload.
    await page.goto(`/quiz/${ids.quiz}/attempt`);
    const rules = page.getByRole("region", { name: "Quiz rules" });
    await expect(rules.getByText("Negative marking")).toBeVisible();
    await expect(rules.getByText(/^\d+ minutes?$/)).toBeVisible();
    await page.reload();
    await expect(page.getByRole("button", { name: "Start Quiz" })).toBeVisible();
    const overview = await (await page.request.get(`/api/quizzes/${ids.quiz}/overview`)).json();
    expect(overview.openAttempt).toBeNull();
    await axeClean(page, "quiz start screen", width);
    await screenshot(page, "quiz-start", width);

    // The exam attempt: the compact bar replaces the header, footer and tab bar.
    await page.goto(`/exam/${ids.exam}`);
    await expect(page.getByRole("button", { name: "Start Exam" })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    // Arrive by an in-app link (the exams list, searched for this exam: the home page's lists
    // show the newest, which other journeys keep adding), so that Back later stays inside the
    // app, where the router can hold it.
    await page.goto(`/student/exams?q=${encodeURIComponent(ids.examTitle)}`);
    await page.locator(`a[href="/exam/${ids.exam}"]`).first().click();
    await page.getByRole("button", { name: "Start Exam" }).click();
    await expect(page.getByText(/^Question 1 of \d+$/).first()).toBeVisible();
    const total = Number(
      (
        await page
          .getByText(/^Question 1 of \d+$/)
          .first()
          .innerText()
      ).split(" of ")[1],
    );
    expect(total).toBeGreaterThanOrEqual(4);
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    const bar = page.getByTestId("attempt-bar");
    const box = await bar.boundingBox();
    expect(box?.height ?? 99).toBeLessThanOrEqual(56);
    const timer = bar.getByRole("timer");
    await expect(timer).toBeVisible();
    expect(await timer.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const title = bar.getByRole("heading", { level: 1 });
    expect(await title.evaluate((el) => getComputedStyle(el).textOverflow)).toBe("ellipsis");
    await expect(bar.getByRole("button", { name: "Exit" })).toBeVisible();
    const announcer = page.getByTestId("question-announcer");
    await expect(announcer).toHaveAttribute("aria-live", "polite");
    await expect(announcer).toHaveText(`Question 1 of ${total}`);

    // Q1 answered and marked, Q2 marked only, Q3 answered: one count everywhere.
    await page.getByRole("radio").nth(1).check();
    await page.getByRole("button", { name: "Mark for review" }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(announcer).toHaveText(`Question 2 of ${total}`);
    await page.getByRole("button", { name: "Mark for review" }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("radio").nth(2).check();
    await expect(bar.getByRole("status")).toHaveText("All answers saved");
    await expect(page.getByTestId("answer-summary")).toHaveText(`2/${total} answered · 2 marked`);
    const squares = await palette(page);
    await expect(
      squares.getByRole("button", { name: "Question 1, answered, marked for review" }),
    ).toBeVisible();
    await expect(
      squares.getByRole("button", { name: "Question 2, unanswered, marked for review" }),
    ).toBeVisible();
    await expect(squares.getByRole("button", { name: "Question 3, answered" })).toBeVisible();
    await expect(squares.getByText("Answered (2)")).toBeVisible();
    await expect(squares.getByText(`Unanswered (${total - 2})`)).toBeVisible();
    await expect(squares.getByText("Marked for review (2)")).toBeVisible();
    await axeClean(page, "exam attempt", width);
    await screenshot(page, "exam-attempt", width);

    // The submit dialog says the same, and closing it gives focus back to its opener.
    const finish = page.getByRole("button", { name: "Finish and submit" });
    await finish.click();
    const submit = page.getByRole("dialog", { name: "Submit Exam?" });
    await expect(submit).toContainText(`You have ${total - 2} unanswered questions.`);
    await expect(submit.getByTestId("submit-summary")).toHaveText(
      `Answered 2 of ${total}; 2 questions are marked for review.`,
    );
    await axeClean(page, "submit dialog", width);
    await submit.getByRole("button", { name: "Keep Working" }).click();
    await expect(submit).toHaveCount(0);
    await expect(finish).toBeFocused();

    // A palette jump moves focus to the question it opens.
    await (await palette(page))
      .getByRole("button", { name: "Question 2, unanswered, marked for review" })
      .click();
    await expect(announcer).toHaveText(`Question 2 of ${total}`);
    await expect(page.locator("legend").filter({ has: announcer })).toBeFocused();

    // Exit asks first; Stay keeps the attempt and returns focus to Exit.
    const exit = bar.getByRole("button", { name: "Exit" });
    await exit.click();
    const leave = page.getByRole("dialog", { name: "Leave this exam?" });
    await expect(leave).toContainText(
      "The timer keeps running while you are away. Your answers are saved.",
    );
    await expect(leave.getByRole("button", { name: "Stay" })).toBeFocused();
    await axeClean(page, "exit dialog", width);
    await screenshot(page, "exit-dialog", width, false);
    await leave.getByRole("button", { name: "Stay" }).click();
    await expect(leave).toHaveCount(0);
    await expect(exit).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/exam/${ids.exam}$`));

    // The browser's Back (to the home page) is asked about too; then Exit and Leave go to the
    // exam list.
    await page.goBack();
    await expect(leave).toBeVisible();
    await leave.getByRole("button", { name: "Stay" }).click();
    await expect(page).toHaveURL(new RegExp(`/exam/${ids.exam}$`));
    await expect(page.getByText(`Question 2 of ${total}`).first()).toBeVisible();
    await exit.click();
    await leave.getByRole("button", { name: "Leave exam" }).click();
    await expect(page).toHaveURL(/\/student\/exams$/);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // The attempt is still open, with its answers, for Resume.
    await page.goto(`/exam/${ids.exam}`);
    await page.getByRole("button", { name: "Resume" }).click();
    await expect(page.getByTestId("answer-summary")).toHaveText(`2/${total} answered · 2 marked`);
    await context.close();
  });
}

test("the browser asks before leaving only while answers are still queued on the device", async ({
  loginAs,
}) => {
  const { context, page } = await loginAs("student", { context: WIDTHS.desktop });
  const ids = DEMO_SAMPLES;
  await page.goto(`/exam/${ids.exam}`);
  await page.getByRole("button", { name: "Start Exam" }).click();
  await page.getByRole("radio").first().check();
  await expect(page.getByText("All answers saved")).toBeVisible();

  await context.setOffline(true);
  await page.getByRole("radio").nth(1).check();
  await expect(page.getByText("Offline: answers kept on this device")).toBeVisible();
  const asked = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.dismiss();
  expect(page.isClosed()).toBe(false);

  // Back online, everything is sent: closing asks nothing.
  await context.setOffline(false);
  await expect(page.getByText("All answers saved")).toBeVisible();
  let prompted = false;
  page.on("dialog", (d) => {
    prompted = true;
    void d.accept();
  });
  const closed = page.waitForEvent("close");
  await page.close({ runBeforeUnload: true });
  await closed;
  expect(prompted).toBe(false);
  await context.close();
});

test(
  "maintenance mid-attempt: the save waits with the maintenance message, admins see the banner, and the deadline grows by the maintenance time",
  SITE_WIDE,
  async ({ baseURL, loginAs }) => {
    test.setTimeout(150_000);
    const base = baseURL ?? "";
    const adminSide = await loginAs("admin", { context: WIDTHS.desktop });
    const adminPage = adminSide.page;
    const original = await (await adminPage.request.get("/api/settings")).json();
    const studentSide = await loginAs("student", { fullName: "Kiran Das", context: WIDTHS.phone });
    const page = studentSide.page;
    // The page's timers (the countdown, the save retries) run on a clock the test moves.
    await page.clock.install();
    const ids = DEMO_SAMPLES;

    const toggleMaintenance = async (on: boolean) => {
      await adminPage.goto("/admin/settings");
      const toggle = adminPage.getByRole("switch", { name: "Maintenance Mode" });
      if ((await toggle.getAttribute("aria-checked")) !== String(on)) await toggle.click();
      const saved = adminPage.waitForResponse(
        (r) => r.url().endsWith("/api/settings") && r.request().method() === "PUT",
      );
      const sentAt = Date.now();
      await adminPage.getByRole("button", { name: "Save Settings" }).click();
      expect((await saved).ok()).toBe(true);
      const answeredAt = Date.now();
      await expect(adminPage.getByText("Settings Saved")).toBeVisible();
      return { sentAt, answeredAt };
    };
    const deadlineOf = async (attemptId: string) =>
      Date.parse(
        (await (await adminPage.request.get(`/api/attempts/${attemptId}`)).json()).attempt
          .deadlineAt,
      );

    try {
      await page.goto(`/exam/${ids.exam}`);
      const started = page.waitForResponse(
        (r) => /\/api\/exams\/[^/]+\/attempts$/.test(r.url()) && r.request().method() === "POST",
      );
      await page.getByRole("button", { name: "Start Exam" }).click();
      const attemptId = (await (await started).json()).attempt.id as string;
      await page.getByRole("radio").first().check();
      await expect(page.getByTestId("attempt-bar").getByRole("status")).toHaveText(
        "All answers saved",
      );
      const before = await deadlineOf(attemptId);

      const on = await toggleMaintenance(true);
      await expect(adminPage.getByText(/Maintenance mode is on\./)).toBeVisible();
      await adminPage.goto("/admin/exams");
      await expect(adminPage.getByText(/Maintenance mode is on\./)).toBeVisible();

      // The student keeps the attempt on screen; the next choice waits with the reason.
      await page.getByRole("radio").nth(2).check();
      await expect(
        page.getByText(
          "The site is under maintenance. Your answers are kept on this device and will be sent when it is back",
        ),
      ).toBeVisible();
      await expect(page.getByTestId("attempt-bar").getByRole("timer")).toBeVisible();

      const off = await toggleMaintenance(false);
      await expect(adminPage.getByText(/Maintenance mode is on\./)).toHaveCount(0);
      // The retry runs on the page's clock: move it instead of waiting.
      await expect(async () => {
        await page.clock.fastForward("00:20");
        await expect(page.getByTestId("attempt-bar").getByRole("status")).toHaveText(
          "All answers saved",
          { timeout: 1_000 },
        );
      }).toPass({ timeout: 30_000 });

      // The server gave back exactly the time maintenance was on (measured around the two saves).
      const after = await deadlineOf(attemptId);
      expect(after - before).toBeGreaterThanOrEqual(off.sentAt - on.answeredAt - 50);
      expect(after - before).toBeLessThanOrEqual(off.answeredAt - on.sentAt + 50);
      expect(after).toBeGreaterThan(before);

      // Resuming shows the extended time: the timer agrees with the server's new deadline.
      await page.reload();
      const resumeOverview = await (
        await page.request.get(`/api/exams/${ids.exam}/overview`)
      ).json();
      expect(Date.parse(resumeOverview.openAttempt.deadlineAt)).toBe(after);
      await page.getByRole("button", { name: "Resume" }).click();
      const text = await page.getByTestId("attempt-bar").getByRole("timer").innerText();
      const shown = text
        .trim()
        .split(":")
        .reduce((sum, part) => sum * 60 + Number(part), 0);
      expect(Math.abs(shown - resumeOverview.openAttempt.secondsLeft)).toBeLessThanOrEqual(3);
    } finally {
      await adminPage.request.put("/api/settings", {
        headers: { origin: base },
        data: {
          appTitle: original.appTitle,
          contactEmail: original.contactEmail,
          maintenanceMode: false,
          examName: original.examName,
          examDate: original.examDate,
        },
      });
      await adminSide.context.close();
      await studentSide.context.close();
    }
  },
);
