import { ANSWER_GRACE_SECONDS } from "../src/shared/exams.ts";
import { closesAt } from "../src/shared/live-tests.ts";
import { atEachWidth, closeToasts, screenshot, seriousViolations, WIDTHS } from "./a11y-helpers.ts";
import { apiAs, createExamWithApi, postOk } from "./api-setup.ts";
import { expect, runAdmin, SITE_WIDE, test } from "./fixtures.ts";

// An All-India live test from the student's side (decision 047): the card on the
// dashboard, registration, the waiting room's countdown to the student's own entry, the entry,
// the answers, the automatic submit at time zero, and the rank once the results are published.
//
// The server checks real time (the opening, the staggered entry, the close, the sweeper's
// publication), and no test waits on it: the server runs with TEST_CLOCK=1 and the journey moves
// its clock (POST /api/test/clock, decision 049) as page.clock moves the browser's. A moved
// server clock is the whole site's, so the journey is @site-wide (it runs alone, first) and puts
// the clock back however it ends.

const MINUTE = 60_000;

/** How the card writes a time: the app's English date and time in India's zone, said so. */
const indiaTime = (at: Date) =>
  `${new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Asia/Kolkata",
  }).format(at)} IST`;

test(
  "a student registers, waits in the waiting room, enters, answers, is submitted at the close and sees the published rank",
  SITE_WIDE,
  async ({ baseURL, loginAs }) => {
    const base = baseURL ?? "";
    const suffix = Date.now().toString(36);
    const title = `All-India Live Mock ${suffix}`;
    const admin = runAdmin();
    const adminApi = await apiAs(base, admin.email, admin.password);
    const moveClock = async (body: { advanceToIso: string } | { offsetMs: number }) =>
      (await postOk(adminApi, "/api/test/clock", body)) as {
        now: string;
        tick: { finalized: number; published: number };
      };
    try {
      await moveClock({ offsetMs: 0 });
      const exam = await createExamWithApi(adminApi, {
        categoryName: `Live ${suffix}`,
        title,
        timeLimitMinutes: 1,
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
      // Opens in ten minutes; entry for 3 (the staggered entry spreads over its first minute);
      // the exam's one minute from each student's own start.
      const opensAt = new Date(Date.now() + 10 * MINUTE);
      await postOk(adminApi, "/api/admin/live-tests", {
        examId: exam.id,
        opensAt: opensAt.toISOString(),
        entryMinutes: 3,
      });
      const schedule = { opensAt, entryMinutes: 3, durationMinutes: 1, resultsAt: null };

      const { page } = await loginAs("student", { fullName: "Kavya Iyer", context: WIDTHS.phone });
      // The browser's timers run on a clock the journey moves.
      await page.clock.install();

      // The dashboard's card: India time, length, the count, and the way to register.
      await page.goto("/student/dashboard");
      const live = page.getByRole("region", { name: "Live tests" });
      let card = live.getByRole("article", { name: title });
      await expect(card).toContainText("0 registered");
      await expect(card).toContainText("1 minute · 2 questions");
      await expect(card).toContainText(`Starts${indiaTime(opensAt)}`);
      await card.getByRole("link", { name: "Register" }).click();

      // The waiting room: registration with the name for the leaderboard, then the countdown.
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await page.getByLabel("Name on the leaderboard").fill("Kavya from Pune");
      await page.getByRole("button", { name: "Register" }).click();
      await expect(page.getByText("You are registered as Kavya from Pune.")).toBeVisible();
      await expect(page.getByText("1 registered")).toBeVisible();
      // The same India time as the card's (the server renders this page too).
      await expect(page.getByText(indiaTime(opensAt), { exact: true })).toBeVisible();
      const countdown = page.getByRole("timer");
      // Ten minutes to the opening, plus the student's offset within the first minute.
      await expect(countdown).toHaveText(/ (9:\d\d|10:\d\d|11:00)$/);
      await expect(page.getByRole("button", { name: "Enter the live test" })).toBeDisabled();
      // "You are registered" may still be fading in (sonner loads at the first toast): the check
      // is of the waiting room, not of a toast half drawn.
      await expect(page.getByText("You are registered", { exact: true })).toBeVisible();
      await closeToasts(page);
      await atEachWidth(page, async (width) => {
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, "live-test-waiting-room", width);
      });

      // Back on the dashboard, the card counts the student and says they are registered.
      await page.getByRole("link", { name: "Back to Dashboard" }).click();
      card = live.getByRole("article", { name: title });
      await expect(card).toContainText("1 registered");
      await expect(card).toContainText("Registered");
      await expect(card.getByRole("link", { name: "Go to the waiting room" })).toBeVisible();
      await atEachWidth(page, async (width) => {
        expect(
          await seriousViolations(page, "section[aria-labelledby=live-tests-heading]"),
        ).toEqual([]);
        await screenshot(page, "live-test-card-dashboard", width);
      });
      await card.getByRole("link", { name: "Go to the waiting room" }).click();
      await expect(countdown).toBeVisible();

      // The student's entry time: the server's clock moves there, the browser's as far.
      const room = await page.request.get(`/api/live-tests/${exam.id}`);
      const { me, serverNow } = (await room.json()) as {
        me: { entryAt: string };
        serverNow: string;
      };
      const entryAt = Date.parse(me.entryAt);
      await moveClock({ advanceToIso: new Date(entryAt + 1000).toISOString() });
      await page.clock.fastForward(entryAt + 2000 - Date.parse(serverNow));
      const enter = page.getByRole("button", { name: "Enter the live test" });
      await expect(enter).toBeEnabled();
      await enter.click();

      // The attempt: the exam's minute from the student's own start.
      await expect(page.getByText("Question 1 of 2")).toBeVisible();
      const timer = page.getByTestId("attempt-bar").getByRole("timer");
      await expect(timer).toHaveText(/^(1:00|0:5\d)$/);
      await page.getByLabel(/^B\. Article 17/).check();
      await expect(page.getByText("All answers saved")).toBeVisible();

      // Time zero: the page submits by itself; the result is sealed until publication.
      await page.clock.fastForward(65_000);
      await expect(page.getByText("Time's Up!")).toBeVisible();
      await expect(
        page.getByText(/^Results and your All-India rank are published at /),
      ).toBeVisible();

      // Past the close (and the answer grace): the sweeper's tick grades and publishes.
      const afterClose = new Date(closesAt(schedule).getTime() + (ANSWER_GRACE_SECONDS + 1) * 1000);
      const moved = await moveClock({ advanceToIso: afterClose.toISOString() });
      expect(moved.tick.published).toBeGreaterThanOrEqual(1);

      await page.goto(`/exam/${exam.id}`);
      await expect(page.getByText("Results published")).toBeVisible();
      await expect(page.getByText("All-India Rank 1 of 1")).toBeVisible();
      await expect(page.getByText(/^Percentile 100\.00/)).toBeVisible();
      const leaderboard = page.getByRole("region", { name: "Leaderboard" });
      await expect(leaderboard.getByRole("listitem").first()).toContainText("Kavya from Pune");
      await expect(leaderboard).toContainText("50%");

      // The dashboard's card now leads to the rank.
      await page.goto("/student/dashboard");
      await expect(
        live.getByRole("article", { name: title }).getByRole("link", { name: "See your rank" }),
      ).toBeVisible();
    } finally {
      await moveClock({ offsetMs: 0 });
      await adminApi.dispose();
    }
  },
);
