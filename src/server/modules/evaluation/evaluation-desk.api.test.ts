import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MAX_HELD_COPIES } from "../../../shared/evaluation.ts";
import { answerCopies, mainsQuestions } from "../../db/schema/evaluation.ts";
import { profiles } from "../../db/schema/profiles.ts";
import type { TestUser } from "../../test/test-app.ts";
import { setupEvaluationTests } from "./evaluation-fixture.ts";

const { t, student, other, admin, createMentor, submittedCopy, copyRow, unlimited } =
  setupEvaluationTests();

describe("the mentor's workspace", () => {
  it("lists waiting copies oldest first; of mentors claiming at once exactly one wins", async () => {
    await unlimited(other);
    const { copyId } = await submittedCopy(other);
    const mentors = await Promise.all([
      createMentor(),
      createMentor(),
      createMentor(),
      createMentor(),
    ]);
    const queue = await (
      await t.request("/api/mentor/queue?pageSize=100", { cookie: mentors[0]?.cookie })
    ).json();
    const ids = queue.items.map((c: { id: string }) => c.id);
    expect(ids).toContain(copyId);
    const times = queue.items.map((c: { submittedAt: string }) => c.submittedAt);
    expect([...times].sort()).toEqual(times);
    // Nobody reads the pages before claiming.
    expect(
      (await t.request(`/api/mentor/copies/${copyId}`, { cookie: mentors[0]?.cookie })).status,
    ).toBe(404);

    const claims = await Promise.all(
      mentors.map((m) =>
        t.request(`/api/mentor/copies/${copyId}/claim`, { cookie: m.cookie, method: "POST" }),
      ),
    );
    const statuses = claims.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const winner = mentors[claims.findIndex((r) => r.status === 200)];
    expect((await copyRow(copyId))?.claimedBy).toBe(winner?.id);
    const after = await (
      await t.request("/api/mentor/queue?pageSize=100", { cookie: mentors[0]?.cookie })
    ).json();
    expect(after.items.map((c: { id: string }) => c.id)).not.toContain(copyId);
  });

  it("refuses students and admins at the mentor routes, and mentors at the student and admin routes", async () => {
    const mentor = await createMentor();
    expect((await t.request("/api/mentor/queue", { cookie: student.cookie })).status).toBe(403);
    expect((await t.request("/api/mentor/queue", { cookie: admin.cookie })).status).toBe(403);
    expect((await t.request("/api/answer-evaluation", { cookie: mentor.cookie })).status).toBe(403);
    expect(
      (await t.request("/api/admin/evaluations/summary", { cookie: mentor.cookie })).status,
    ).toBe(403);
    expect((await t.request("/api/admin/mentors", { cookie: mentor.cookie })).status).toBe(403);
  });

  it("scores the rubric, publishes, and the student gets the annotated copy, the marks, the model answer and a mail", async () => {
    await unlimited(other);
    const { copyId, questionId } = await submittedCopy(other);
    const mentor = await createMentor();
    const claimed = await (
      await t.request(`/api/mentor/copies/${copyId}/claim`, {
        cookie: mentor.cookie,
        method: "POST",
      })
    ).json();
    expect(
      claimed.evaluation.rubric.map((p: { name: string; max: number }) => [p.name, p.max]),
    ).toEqual([
      ["Introduction", 1],
      ["Body and content", 4],
      ["Structure", 1.5],
      ["Examples and data", 1.5],
      ["Conclusion", 1],
      ["Presentation", 1],
    ]);
    expect(claimed.modelAnswer.text).toContain("Article 280");
    const page = await t.request(claimed.pages[0].url, { cookie: mentor.cookie });
    expect(page.status).toBe(200);

    const annotations = [
      {
        strokes: [
          {
            colour: "red",
            width: 0.004,
            points: [
              [0.1, 0.1],
              [0.2, 0.25],
            ],
          },
        ],
        notes: [{ at: [0.5, 0.5], text: "Cite Article 280 here." }],
        stamps: [{ at: [0.8, 0.1], kind: "tick" }],
      },
      { strokes: [], notes: [], stamps: [{ at: [0.3, 0.3], kind: "cross" }] },
    ];
    const draft = { annotations, partMarks: [1, 3, null, 1, 0.5, 1], comment: "Good structure." };
    const saved = await t.request(`/api/mentor/copies/${copyId}/evaluation`, {
      cookie: mentor.cookie,
      method: "PUT",
      body: draft,
    });
    expect(saved.status).toBe(200);
    // A draft is the mentor's: the student sees nothing yet.
    const early = await (
      await t.request(`/api/answer-evaluation/copies/${copyId}`, { cookie: other.cookie })
    ).json();
    expect(early.stage).toBe("in_evaluation");
    expect(early.evaluation).toBeNull();
    expect(early.modelAnswer).toBeNull();

    const before = await copyRow(copyId);
    const incomplete = await t.request(`/api/mentor/copies/${copyId}/publish`, {
      cookie: mentor.cookie,
      body: draft,
    });
    expect(incomplete.status).toBe(422);
    const tooHigh = await t.request(`/api/mentor/copies/${copyId}/publish`, {
      cookie: mentor.cookie,
      body: { ...draft, partMarks: [1, 5, 1, 1, 1, 1] },
    });
    expect(tooHigh.status).toBe(422);
    const script = await t.request(`/api/mentor/copies/${copyId}/evaluation`, {
      cookie: mentor.cookie,
      method: "PUT",
      body: { ...draft, annotations: [{ strokes: [{ points: [[2, "x"]] }] }] },
    });
    expect(script.status).toBe(422);
    expect(await copyRow(copyId)).toEqual(before);

    const mailsBefore = t.mail.length;
    const published = await t.request(`/api/mentor/copies/${copyId}/publish`, {
      cookie: mentor.cookie,
      body: { ...draft, partMarks: [1, 3, 1.5, 1, 0.5, 1] },
    });
    expect(published.status).toBe(200);
    const mail = t.mail.slice(mailsBefore).find((m) => m.to === other.email);
    expect(mail?.text).toContain("8 out of 10");
    expect(mail?.text).toContain(`/student/answer-evaluation/${questionId}`);

    const copy = await (
      await t.request(`/api/answer-evaluation/copies/${copyId}`, { cookie: other.cookie })
    ).json();
    expect(copy.stage).toBe("evaluated");
    expect(copy.evaluation.marks).toBe(8);
    expect(copy.evaluation.outOf).toBe(10);
    expect(copy.evaluation.annotations).toEqual(annotations);
    expect(copy.evaluation.comment).toBe("Good structure.");
    expect(copy.modelAnswer.text).toContain("Article 280");
    expect(copy.timeline.evaluatedAt).not.toBeNull();

    // Rating once, one follow-up, answered by the mentor on the same copy.
    expect(
      (
        await t.request(`/api/answer-evaluation/copies/${copyId}/rating`, {
          cookie: other.cookie,
          body: { rating: 5 },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.request(`/api/answer-evaluation/copies/${copyId}/rating`, {
          cookie: other.cookie,
          body: { rating: 1 },
        })
      ).status,
    ).toBe(409);
    expect((await copyRow(copyId))?.rating).toBe(5);
    expect(
      (
        await t.request(`/api/answer-evaluation/copies/${copyId}/follow-up`, {
          cookie: other.cookie,
          body: { question: "How to add data?" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.request(`/api/answer-evaluation/copies/${copyId}/follow-up`, {
          cookie: other.cookie,
          body: { question: "Another?" },
        })
      ).status,
    ).toBe(409);
    const desk = await (await t.request("/api/mentor/desk", { cookie: mentor.cookie })).json();
    expect(desk.followUps.map((c: { id: string }) => c.id)).toContain(copyId);
    const stranger = await createMentor();
    expect(
      (
        await t.request(`/api/mentor/copies/${copyId}/follow-up-answer`, {
          cookie: stranger.cookie,
          body: { answer: "No." },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request(`/api/mentor/copies/${copyId}/follow-up-answer`, {
          cookie: mentor.cookie,
          body: { answer: "Use Economic Survey data." },
        })
      ).status,
    ).toBe(200);
    const answered = await (
      await t.request(`/api/answer-evaluation/copies/${copyId}`, { cookie: other.cookie })
    ).json();
    expect(answered.followUp.answer).toBe("Use Economic Survey data.");

    // Another student cannot read, rate or ask on it; the rows stay.
    const settled = await copyRow(copyId);
    expect(
      (await t.request(`/api/answer-evaluation/copies/${copyId}`, { cookie: student.cookie }))
        .status,
    ).toBe(404);
    expect(
      (
        await t.request(`/api/answer-evaluation/copies/${copyId}/rating`, {
          cookie: student.cookie,
          body: { rating: 1 },
        })
      ).status,
    ).toBe(404);
    expect(await copyRow(copyId)).toEqual(settled);
  });

  it("an expired claim returns to the queue; the lapsed mentor can no longer write or read", async () => {
    await unlimited(other);
    const { copyId } = await submittedCopy(other);
    const first = await createMentor();
    const second = await createMentor();
    const claimed = await t.request(`/api/mentor/copies/${copyId}/claim`, {
      cookie: first.cookie,
      method: "POST",
    });
    expect(claimed.status).toBe(200);
    const pageUrls = ((await claimed.json()) as { pages: { url: string }[] }).pages.map(
      (p) => p.url,
    );
    expect(pageUrls).toHaveLength(2);
    const reads = (mentor: TestUser) =>
      Promise.all([
        t.request(`/api/mentor/copies/${copyId}`, { cookie: mentor.cookie }),
        ...pageUrls.map((url) => t.request(url, { cookie: mentor.cookie })),
      ]);
    expect((await reads(first)).map((r) => r.status)).toEqual([200, 200, 200]);
    await t.db
      .update(answerCopies)
      .set({ claimExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(answerCopies.id, copyId));
    const lapsed = await t.request(`/api/mentor/copies/${copyId}/evaluation`, {
      cookie: first.cookie,
      method: "PUT",
      body: { annotations: [], partMarks: [], comment: "late" },
    });
    expect(lapsed.status).toBe(409);
    // Lapsed, before anyone else claims it: the copy says so (409), its pages are gone (404).
    const [view, ...pages] = await reads(first);
    expect(view?.status).toBe(409);
    expect(await view?.text()).toMatch(/claim on this copy has expired/);
    expect(pages.map((r) => r.status)).toEqual([404, 404]);
    expect(
      (
        await t.request(`/api/mentor/copies/${copyId}/claim`, {
          cookie: second.cookie,
          method: "POST",
        })
      ).status,
    ).toBe(200);
    expect((await copyRow(copyId))?.claimedBy).toBe(second.id);
    expect((await copyRow(copyId))?.comment).toBeNull();
    expect((await reads(first)).map((r) => r.status)).toEqual([404, 404, 404]);
    expect((await reads(second)).map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it(`a mentor holds at most ${MAX_HELD_COPIES} copies at once: one more is a 409 that changes nothing`, async () => {
    const mentor = await createMentor();
    const questions = await t.db
      .insert(mainsQuestions)
      .values(
        Array.from({ length: MAX_HELD_COPIES + 1 }, (_, i) => ({
          paper: "gs2" as const,
          questionText: `Hold cap ${i}.`,
          publishDate: "2026-01-01",
        })),
      )
      .returning({ id: mainsQuestions.id });
    const copies = await t.db
      .insert(answerCopies)
      .values(
        questions.map((q, i) => ({
          questionId: q.id,
          userId: other.id,
          status: "submitted" as const,
          format: "typed" as const,
          typedAnswer: "An answer.",
          submittedAt: new Date(Date.now() - (i + 1) * 60_000),
        })),
      )
      .returning({ id: answerCopies.id });
    const claim = (id: string, user = mentor) =>
      t.request(`/api/mentor/copies/${id}/claim`, { cookie: user.cookie, method: "POST" });
    for (const copy of copies.slice(0, MAX_HELD_COPIES)) {
      expect((await claim(copy.id)).status).toBe(200);
    }
    const last = copies[MAX_HELD_COPIES]?.id ?? "";
    const before = await copyRow(last);
    const refused = await claim(last);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /already hold 10 copies/,
    );
    expect(await copyRow(last)).toEqual(before);
    // Renewing one already held is not a new one; another mentor may take the copy.
    expect((await claim(copies[0]?.id ?? "")).status).toBe(200);
    const another = await createMentor();
    expect((await claim(last, another)).status).toBe(200);
    // Once one of the ten lapses, there is room again.
    await t.db
      .update(answerCopies)
      .set({ claimExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(answerCopies.id, copies[1]?.id ?? ""));
    expect((await claim(copies[1]?.id ?? "")).status).toBe(200);
  });
});

describe("admins", () => {
  it("promote, list and demote mentors; a demoted mentor's copies return to the queue", async () => {
    const user = await t.createUser("student");
    const promoted = await t.request("/api/admin/mentors", {
      cookie: admin.cookie,
      body: { email: user.email.toUpperCase() },
    });
    expect(promoted.status).toBe(201);
    expect(
      (
        await t.request("/api/admin/mentors", {
          cookie: admin.cookie,
          body: { email: "nobody@example.com" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request("/api/admin/mentors", {
          cookie: admin.cookie,
          body: { email: admin.email },
        })
      ).status,
    ).toBe(409);
    await unlimited(other);
    const { copyId } = await submittedCopy(other);
    expect(
      (
        await t.request(`/api/mentor/copies/${copyId}/claim`, {
          cookie: user.cookie,
          method: "POST",
        })
      ).status,
    ).toBe(200);
    const list = await (
      await t.request(`/api/admin/mentors?search=${encodeURIComponent(user.email)}`, {
        cookie: admin.cookie,
      })
    ).json();
    expect(list.items).toEqual([expect.objectContaining({ id: user.id, load: 1, evaluated: 0 })]);
    expect(
      (await t.request(`/api/admin/mentors/${user.id}`, { cookie: admin.cookie, method: "DELETE" }))
        .status,
    ).toBe(200);
    expect((await copyRow(copyId))?.status).toBe("submitted");
    expect((await copyRow(copyId))?.claimedBy).toBeNull();
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile?.role).toBe("student");
  });

  it("invites by mail; only the invited address can accept, once", async () => {
    const invitee = await t.createUser("student");
    const response = await t.request("/api/admin/mentors/invitations", {
      cookie: admin.cookie,
      body: { email: invitee.email },
    });
    expect(response.status).toBe(201);
    const mail = t.mail.find((m) => m.to === invitee.email && m.text.includes("/mentor/join"));
    const token = new URL(
      /https?:\/\/\S+/.exec(mail?.text ?? "")?.[0] ?? "http://x",
    ).searchParams.get("token");
    expect(token).toBeTruthy();
    const wrong = await t.request("/api/mentor/invitations/accept", {
      cookie: other.cookie,
      body: { token },
    });
    expect(wrong.status).toBe(404);
    const [otherProfile] = await t.db.select().from(profiles).where(eq(profiles.id, other.id));
    expect(otherProfile?.role).toBe("student");
    const accepted = await t.request("/api/mentor/invitations/accept", {
      cookie: invitee.cookie,
      body: { token },
    });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    expect(
      (
        await t.request("/api/mentor/invitations/accept", {
          cookie: invitee.cookie,
          body: { token },
        })
      ).status,
    ).toBe(404);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, invitee.id));
    expect(profile?.role).toBe("mentor");
  });

  it("see pending, overdue and evaluated counts with turnaround, and reassign a copy", async () => {
    await unlimited(other);
    const { copyId } = await submittedCopy(other);
    await t.db
      .update(answerCopies)
      .set({ dueAt: new Date(Date.now() - 3600_000) })
      .where(eq(answerCopies.id, copyId));
    const summary = await (
      await t.request("/api/admin/evaluations/summary", { cookie: admin.cookie })
    ).json();
    expect(summary.overdue).toBeGreaterThanOrEqual(1);
    expect(summary.evaluated).toBeGreaterThanOrEqual(1);
    expect(summary.p90Hours).not.toBeNull();
    const overdue = await (
      await t.request("/api/admin/evaluations?status=overdue&pageSize=100", {
        cookie: admin.cookie,
      })
    ).json();
    expect(overdue.items.map((c: { id: string }) => c.id)).toContain(copyId);

    const mentor = await createMentor();
    const before = await copyRow(copyId);
    const notMentor = await t.request(`/api/admin/evaluations/${copyId}/reassign`, {
      cookie: admin.cookie,
      body: { mentorId: student.id },
    });
    expect(notMentor.status).toBe(422);
    expect(await copyRow(copyId)).toEqual(before);
    const reassigned = await t.request(`/api/admin/evaluations/${copyId}/reassign`, {
      cookie: admin.cookie,
      body: { mentorId: mentor.id },
    });
    expect(reassigned.status).toBe(200);
    expect((await copyRow(copyId))?.claimedBy).toBe(mentor.id);
    expect(
      (await t.request(`/api/mentor/copies/${copyId}`, { cookie: mentor.cookie })).status,
    ).toBe(200);
  });

  it("edit a paper's rubric; weights must add up to 100", async () => {
    const bad = await t.request("/api/admin/evaluation-settings/rubrics/essay", {
      cookie: admin.cookie,
      method: "PUT",
      body: { parts: [{ name: "Thought", weight: 60 }] },
    });
    expect(bad.status).toBe(422);
    const good = await t.request("/api/admin/evaluation-settings/rubrics/essay", {
      cookie: admin.cookie,
      method: "PUT",
      body: {
        parts: [
          { name: "Thought", weight: 60 },
          { name: "Language", weight: 40 },
        ],
      },
    });
    expect(good.status).toBe(200);
    expect((await good.json()).rubrics.essay).toEqual([
      { name: "Thought", weight: 60 },
      { name: "Language", weight: 40 },
    ]);
  });
});
