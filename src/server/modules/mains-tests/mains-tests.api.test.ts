import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { mainsBooklets } from "../../db/schema/mains-booklets.ts";
import { mainsTests } from "../../db/schema/mains-tests.ts";
import { finalizeExpiredAttempts } from "../attempts/attempt-grading.ts";
import { setupMainsTests } from "./mains-fixture.ts";

const { t, student, admin, at, plus, now, createTest, start, submit } = setupMainsTests();

beforeEach(() => at("2031-04-01T03:00:00.000Z"));

async function createSeries(title: string, titleHi: string | null = null) {
  const response = await t.client(admin).admin["mains-series"].$post({ json: { title, titleHi } });
  expect(response.status).toBe(201);
  return (await response.json()).id;
}

const listAs = async (user = student) => (await t.client(user)["mains-tests"].$get()).json();

describe("the student's list", () => {
  it("groups published tests by series with each test's status for this student", async () => {
    const user = await t.createUser("student");
    const seriesId = await createSeries("Mains Test Series 2027", "मुख्य परीक्षा टेस्ट सीरीज़ 2027");
    const upcoming = await createTest({
      seriesId,
      title: "Upcoming",
      opensAt: plus(24 * 60).toISOString(),
      closesAt: plus(48 * 60).toISOString(),
    });
    const open = await createTest({ seriesId, title: "Open" });
    const writing = await createTest({ seriesId, title: "Writing" });
    const submitted = await createTest({ seriesId, title: "Submitted" });
    const absent = await createTest({ seriesId, title: "Absent" });
    const premium = await createTest({ title: "Premium, no series", isFree: false });
    const hidden = await createTest({ seriesId, title: "Draft" }, [1], false);

    await start(user, writing.id);
    const done = await start(user, submitted.id);
    const typed = await submit(user, done.attempt.id, {
      answers: [{ testQuestionId: submitted.questionIds[0] ?? "", typedText: "My answer." }],
    });
    expect(typed.status).toBe(200);
    const gone = await start(user, absent.id);
    at(new Date(Date.parse(gone.attempt.deadlineAt) + 60_000));
    // The sweeper closes both open attempts (absent's and writing's), after their deadlines.
    await finalizeExpiredAttempts(t.db, { now: now() });
    const writingAgain = await createTest({ seriesId, title: "Writing again" });
    await start(user, writingAgain.id);

    const list = await listAs(user);
    const titles = list.series.map((s) => s.title);
    expect(titles).toEqual(["Mains Test Series 2027", ""]);
    const [series, loose] = list.series;
    const statusOf = Object.fromEntries(
      [...(series?.tests ?? []), ...(loose?.tests ?? [])].map((test) => [test.title, test.status]),
    );
    expect(statusOf).toEqual({
      Upcoming: "upcoming",
      Open: "open",
      Writing: "absent",
      Submitted: "submitted",
      Absent: "absent",
      "Writing again": "writing",
      "Premium, no series": "open",
    });
    expect(JSON.stringify(list)).not.toContain(hidden.id);
    const premiumRow = loose?.tests.find((test) => test.id === premium.id);
    expect(premiumRow?.locked).toBe(true);
    expect(series?.tests.find((test) => test.id === open.id)).toMatchObject({
      locked: false,
      questionCount: 2,
      totalMarks: 30,
      durationMinutes: 60,
    });
    expect(series?.tests.find((test) => test.id === submitted.id)?.dueAt).not.toBeNull();
    expect(upcoming.id).toBeTruthy();

    // Evaluated, then results out.
    await t.db
      .update(mainsBooklets)
      .set({ status: "evaluated" })
      .where(eq(mainsBooklets.attemptId, done.attempt.id));
    const evaluated = await listAs(user);
    const row = () =>
      evaluated.series.flatMap((s) => s.tests).find((test) => test.id === submitted.id);
    expect(row()?.status).toBe("evaluated");
    await t.db
      .update(mainsBooklets)
      .set({ totalMarks: "21.50" })
      .where(eq(mainsBooklets.attemptId, done.attempt.id));
    await t.db
      .update(mainsTests)
      .set({ resultsPublishedAt: now() })
      .where(eq(mainsTests.id, submitted.id));
    const out = await listAs(user);
    expect(
      out.series.flatMap((s) => s.tests).find((test) => test.id === submitted.id)?.status,
    ).toBe("results_out");
  });

  it("is for students (and admins): a mentor gets 403, a visitor 401", async () => {
    const mentor = await t.createUser("mentor");
    expect((await t.client(mentor)["mains-tests"].$get()).status).toBe(403);
    expect((await t.client()["mains-tests"].$get()).status).toBe(401);
  });
});

describe("Add to calendar", () => {
  it("gives a series' schedule as an iCalendar file, Hindi titles for a Hindi reader", async () => {
    const seriesId = await createSeries("Calendar series", "कैलेंडर सीरीज़");
    const first = await createTest({ seriesId, title: "GS I; test, one" });
    const second = await createTest({
      seriesId,
      title: "GS II test",
      titleHi: "सामान्य अध्ययन II टेस्ट",
      opensAt: plus(7 * 24 * 60).toISOString(),
      closesAt: plus(8 * 24 * 60).toISOString(),
    });
    const draft = await createTest({ seriesId, title: "Unpublished" }, [1], false);
    const response = await t.client()["mains-series"][":id"]["calendar.ics"].$get({
      param: { id: seriesId },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/calendar");
    const raw = await response.text();
    expect(raw.endsWith("\r\n")).toBe(true);
    // Long lines are folded (CRLF and a space): read them unfolded.
    const body = raw.replace(/\r\n /g, "");
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(body).toContain(`UID:mains-test-${first.id}@localhost`);
    expect(body).toContain("SUMMARY:GS I\\; test\\, one");
    expect(body).toContain(`URL:http://localhost:3000/student/mains-tests/${second.id}`);
    expect(body).not.toContain(draft.id);
    const [test] = await t.db.select().from(mainsTests).where(eq(mainsTests.id, first.id));
    const stamp = (d: Date) =>
      d
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "");
    expect(body).toContain(`DTSTART:${stamp(test?.opensAt ?? new Date())}`);
    expect(body).toContain(`DTEND:${stamp(test?.closesAt ?? new Date())}`);
    expect(body).toContain("write for 60 minutes");

    const hindi = await t.request(`/api/mains-series/${seriesId}/calendar.ics`, {
      headers: { cookie: "lang=hi" },
    });
    const text = (await hindi.text()).replace(/\r\n /g, "");
    expect(text).toContain("X-WR-CALNAME:कैलेंडर सीरीज़");
    expect(text).toContain("SUMMARY;LANGUAGE=hi:सामान्य अध्ययन II टेस्ट");
  });

  it("gives one published test's file; an unpublished test or unknown series is 404", async () => {
    const test = await createTest({ title: "Single" });
    const single = await t.client()["mains-tests"][":id"]["calendar.ics"].$get({
      param: { id: test.id },
    });
    expect(single.status).toBe(200);
    expect((await single.text()).match(/BEGIN:VEVENT/g)).toHaveLength(1);
    const draft = await createTest({}, [1], false);
    const hidden = await t.client()["mains-tests"][":id"]["calendar.ics"].$get({
      param: { id: draft.id },
    });
    expect(hidden.status).toBe(404);
    const unknown = await t.client()["mains-series"][":id"]["calendar.ics"].$get({
      param: { id: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknown.status).toBe(404);
  });
});
