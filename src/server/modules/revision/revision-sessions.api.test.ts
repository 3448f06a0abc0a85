import { and, asc, eq, sql } from "drizzle-orm";
import { createEmptyCard } from "ts-fsrs";
import { describe, expect, it } from "vitest";
import { REVISION_MESSAGES, UNTIMED_WINDOW_SECONDS } from "../../../shared/practice.ts";
import type { RevisionCardsQuery } from "../../../shared/revision.ts";
import {
  examAttempts,
  questionSetItems,
  questionSets,
  questions as questionsTable,
} from "../../db/schema/exams.ts";
import { revisionCards } from "../../db/schema/revision.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
import { createExamFixture } from "../../test/fixtures.ts";
import { at, keyOf, right, setupRevisionTest, T0, TZ, wrong } from "../../test/revision-fixture.ts";
import { startAttempt } from "../attempts/attempts.service.ts";
import { getStudyStreak } from "../home/home.service.ts";
import { getRevisionSummary, listRevisionCards, resetRevisionCard } from "./revision-cards.ts";
import { createRevisionSession } from "./revision-sessions.ts";

const { t, student, other, take, cardsOf, cardOf, freshStudent, cardsFromExam, revise } =
  setupRevisionTest();

describe("revision sessions", () => {
  it("draws at most 20 due cards, most overdue first, and hands the same session back until it is done", async () => {
    const me = await freshStudent();
    const { questions: q } = await cardsFromExam(me.id, 25, T0);
    // Spread the due dates: q[i] due i hours before the draw; two not due yet, one mastered.
    const draw = at(2);
    for (const [i, question] of q.entries()) {
      await t.db
        .update(revisionCards)
        .set({ due: new Date(draw.getTime() - i * 3_600_000) })
        .where(and(eq(revisionCards.userId, me.id), eq(revisionCards.questionId, question.id)));
    }
    await t.db
      .update(revisionCards)
      .set({ due: at(5) })
      .where(sql`${revisionCards.questionId} in (${q[24]!.id}, ${q[23]!.id})`);
    await t.db
      .update(revisionCards)
      .set({ masteredAt: at(1) })
      .where(eq(revisionCards.questionId, q[22]!.id));

    const session = await createRevisionSession(t.db, {
      viewer: { userId: me.id },
      now: draw,
      timeZone: TZ,
    });
    const [set] = await t.db.select().from(questionSets).where(eq(questionSets.id, session.id));
    expect(set).toMatchObject({
      userId: me.id,
      kind: "revision",
      title: "Today's revision",
      timed: false,
      timeLimitSeconds: UNTIMED_WINDOW_SECONDS,
      marksPerQuestion: null,
      negativeMarkFraction: null,
      questionCount: 20,
    });
    const items = await t.db
      .select({ questionId: questionSetItems.questionId, position: questionSetItems.position })
      .from(questionSetItems)
      .where(eq(questionSetItems.setId, session.id))
      .orderBy(asc(questionSetItems.position));
    // The most overdue are q[21], q[20], ... (q[22] is mastered, q[23] and q[24] not due).
    expect(items.map((i) => i.questionId)).toEqual(
      q
        .slice(2, 22)
        .map((x) => x.id)
        .reverse(),
    );
    const sets = await t.db
      .select({ id: questionSets.id })
      .from(questionSets)
      .where(and(eq(questionSets.userId, me.id), eq(questionSets.kind, "revision")));
    expect(sets).toEqual([{ id: session.id }]);

    // Asked again the same day: the same session, not started yet.
    expect(
      await createRevisionSession(t.db, {
        viewer: { userId: me.id },
        now: at(2, 60),
        timeZone: TZ,
      }),
    ).toMatchObject({
      id: session.id,
      isNew: false,
    });
    // Started and open: the same session, even the next day.
    await startAttempt(t.db, {
      viewer: { userId: me.id, role: "student" },
      target: { kind: "revision", id: session.id },
      now: at(2, 90),
    });
    expect(
      await createRevisionSession(t.db, { viewer: { userId: me.id }, now: at(3), timeZone: TZ }),
    ).toMatchObject({
      id: session.id,
      isNew: false,
    });
  });

  it("takes the cards due later today, as the counts do, and leaves tomorrow's", async () => {
    const me = await freshStudent();
    const { questions: q } = await cardsFromExam(me.id, 3, T0);
    // 09:30 in India on 2 March; the Indian day ends at 18:30 UTC.
    const now = at(1);
    const dues = [at(1, 60), new Date(Date.UTC(2026, 2, 2, 18, 29)), at(1, 14 * 60 + 31)];
    for (const [i, due] of dues.entries()) {
      await t.db
        .update(revisionCards)
        .set({ due })
        .where(and(eq(revisionCards.userId, me.id), eq(revisionCards.questionId, q[i]!.id)));
    }
    expect((await getRevisionSummary(t.db, { userId: me.id, timeZone: TZ, now })).dueToday).toBe(2);
    const session = await createRevisionSession(t.db, {
      viewer: { userId: me.id },
      now,
      timeZone: TZ,
    });
    const items = await t.db
      .select({ questionId: questionSetItems.questionId })
      .from(questionSetItems)
      .where(eq(questionSetItems.setId, session.id))
      .orderBy(asc(questionSetItems.position));
    expect(items.map((i) => i.questionId)).toEqual([q[0]!.id, q[1]!.id]);
  });

  it("POST /api/revision/sessions answers the new session's id", async () => {
    const me = await freshStudent();
    await cardsFromExam(me.id, 3, T0);
    const response = await t.request("/api/revision/sessions?tz=Asia/Kolkata", {
      method: "POST",
      cookie: me.cookie,
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ id: expect.any(String), questionCount: 3, isNew: true });
    const [set] = await t.db.select().from(questionSets).where(eq(questionSets.id, body.id));
    expect(set).toMatchObject({ userId: me.id, kind: "revision", questionCount: 3 });
    // The engine's start screen opens it for its owner.
    const overview = await t.request(`/api/revision/${body.id}/overview`, { cookie: me.cookie });
    expect(overview.status).toBe(200);
  });

  it("submitting a session rates its cards through the engine; nothing due is a 409", async () => {
    const me = await freshStudent();
    const { questions: q } = await cardsFromExam(me.id, 2, T0);
    const session = await createRevisionSession(t.db, {
      viewer: { userId: me.id },
      now: at(1),
      timeZone: TZ,
    });
    const attemptId = await revise(
      me.id,
      session.id,
      (id) => ({ answer: right(keyOf(q)(id)) }),
      at(1),
    );
    const [attempt] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
    expect(attempt?.revisionId).toBe(session.id);
    expect(attempt?.completedAt).not.toBeNull();
    for (const question of q) {
      expect((await cardOf(me.id, question.id))?.reps).toBe(1);
    }
    // Everything is now due days later (Good: three days): nothing to revise today.
    await expect(
      createRevisionSession(t.db, { viewer: { userId: me.id }, now: at(1, 20), timeZone: TZ }),
    ).rejects.toThrow(REVISION_MESSAGES.nothingDue);
    const before = await t.db
      .select({ id: questionSets.id })
      .from(questionSets)
      .where(eq(questionSets.userId, me.id));
    const empty = await freshStudent();
    const refused = await t.request("/api/revision/sessions", {
      method: "POST",
      cookie: empty.cookie,
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe("Nothing is due for revision today.");
    expect(await t.db.select().from(questionSets).where(eq(questionSets.userId, empty.id))).toEqual(
      [],
    );
    expect(
      await t.db
        .select({ id: questionSets.id })
        .from(questionSets)
        .where(eq(questionSets.userId, me.id)),
    ).toEqual(before);
  });

  it("counts a completed revision session toward today's study time", async () => {
    const me = await freshStudent();
    await cardsFromExam(me.id, 1, at(-1));
    const before = await getStudyStreak(t.db, { userId: me.id, timeZone: TZ, now: at(0, 30) });
    expect(before.studiedHours).toBe(0);
    const session = await createRevisionSession(t.db, {
      viewer: { userId: me.id },
      now: at(0),
      timeZone: TZ,
    });
    await revise(me.id, session.id, () => ({ answer: "A" }), at(0));
    const after = await getStudyStreak(t.db, { userId: me.id, timeZone: TZ, now: at(0, 30) });
    // The session took ten minutes.
    expect(after.studiedHours).toBe(Math.round((600 / 3600) * 100) / 100);
    // Yesterday's exam and today's session: two days in a row.
    expect(after.streakDays).toBe(2);
  });
});

describe("the notebook", () => {
  it("lists the student's cards with filters, the key and the explanation; remove and reset", async () => {
    const me = await freshStudent();
    const [subject] = await t.db
      .insert(subjects)
      .values({ name: `Polity ${Math.random()}` })
      .returning();
    const [topic] = await t.db
      .insert(topics)
      .values({ subjectId: subject!.id, name: "Parliament" })
      .returning();
    const { exam, questions: q } = await createExamFixture(t.db, { questionCount: 4 });
    await t.db
      .update(questionsTable)
      .set({ subjectId: subject!.id, topicId: topic!.id })
      .where(eq(questionsTable.id, q[0]!.id));
    await t.db
      .update(questionsTable)
      .set({ subjectId: subject!.id })
      .where(eq(questionsTable.id, q[1]!.id));
    await take(
      me.id,
      { kind: "exam", id: exam.id },
      q,
      [
        { answer: wrong(q[0]!) },
        { answer: right(q[1]!), confidence: "guess" },
        { answer: null },
        { answer: right(q[3]!), confidence: "sure" },
      ],
      T0,
    );
    const list = (query: Partial<RevisionCardsQuery>) =>
      listRevisionCards(t.db, {
        userId: me.id,
        query: { page: 1, pageSize: 20, ...query },
        now: at(1),
      });
    const all = await list({});
    expect(all.total).toBe(3);
    const first = all.items.find((c) => c.questionId === q[0]!.id);
    expect(first).toMatchObject({
      source: "wrong",
      selectedAnswer: wrong(q[0]!),
      isDue: true,
      subjectName: subject!.name,
      topicName: "Parliament",
      question: {
        id: q[0]!.id,
        questionText: q[0]!.questionText,
        correctAnswer: q[0]!.correctAnswer,
        explanation: q[0]!.explanation,
      },
    });
    expect((await list({ subjectId: subject!.id })).items.map((c) => c.questionId).sort()).toEqual(
      [q[0]!.id, q[1]!.id].sort(),
    );
    expect((await list({ topicId: topic!.id })).items.map((c) => c.questionId)).toEqual([q[0]!.id]);
    expect((await list({ source: "unsure" })).items.map((c) => c.questionId)).toEqual([q[1]!.id]);
    expect((await list({ source: "skipped" })).total).toBe(1);
    expect((await list({ source: "saved" })).total).toBe(0);
    const paged = await list({ pageSize: 2, page: 2 });
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items).toHaveLength(1);

    // Over HTTP: the same list, and 422 for bad filters with nothing changed.
    const response = await t.request(`/api/revision/cards?source=wrong`, { cookie: me.cookie });
    expect(response.status).toBe(200);
    expect((await response.json()).items.map((c: { questionId: string }) => c.questionId)).toEqual([
      q[0]!.id,
    ]);
    const before = await cardsOf(me.id);
    for (const query of [
      "source=right",
      "subjectId=polity",
      "page=0",
      "pageSize=101",
      "colour=blue",
    ]) {
      const bad = await t.request(`/api/revision/cards?${query}`, { cookie: me.cookie });
      expect(bad.status, query).toBe(422);
    }

    // Reset schedule: a new card, due now.
    await t.db
      .update(revisionCards)
      .set({ reps: 4, lapses: 1, state: 2, due: at(9), masteredAt: at(2), sureStreak: 3 })
      .where(eq(revisionCards.questionId, q[1]!.id));
    const reset = await resetRevisionCard(t.db, {
      userId: me.id,
      questionId: q[1]!.id,
      now: at(3),
    });
    expect(reset).toEqual({ questionId: q[1]!.id, due: at(3).toISOString() });
    const empty = createEmptyCard(at(3));
    expect(await cardOf(me.id, q[1]!.id)).toMatchObject({
      due: empty.due,
      reps: 0,
      lapses: 0,
      state: empty.state,
      stability: 0,
      difficulty: 0,
      lastReview: null,
      masteredAt: null,
      sureStreak: 0,
      source: "unsure",
    });
    const resetHttp = await t.request(`/api/revision/cards/${q[0]!.id}/reset`, {
      method: "POST",
      cookie: me.cookie,
    });
    expect(resetHttp.status).toBe(200);

    // Remove: the card is gone; removing it again is a 404.
    const removed = await t.request(`/api/revision/cards/${q[2]!.id}`, {
      method: "DELETE",
      cookie: me.cookie,
    });
    expect(removed.status).toBe(200);
    expect(await cardOf(me.id, q[2]!.id)).toBeUndefined();
    const again = await t.request(`/api/revision/cards/${q[2]!.id}`, {
      method: "DELETE",
      cookie: me.cookie,
    });
    expect(again.status).toBe(404);
    expect((await cardsOf(me.id)).map((c) => c.questionId).sort()).toEqual(
      before
        .map((c) => c.questionId)
        .filter((id) => id !== q[2]!.id)
        .sort(),
    );
  });

  it("counts cards due before the end of the student's day, all cards and mastered ones", async () => {
    const me = await freshStudent();
    const { questions: q } = await cardsFromExam(me.id, 5, T0);
    // 09:30 in India on 2 March; the day ends at 18:30 UTC.
    const now = at(1);
    const dues = [at(-2), now, new Date(Date.UTC(2026, 2, 2, 18, 29)), at(1, 14 * 60 + 31), at(4)];
    for (const [i, due] of dues.entries()) {
      await t.db
        .update(revisionCards)
        .set({ due })
        .where(and(eq(revisionCards.userId, me.id), eq(revisionCards.questionId, q[i]!.id)));
    }
    await t.db
      .update(revisionCards)
      .set({ masteredAt: at(0) })
      .where(and(eq(revisionCards.userId, me.id), eq(revisionCards.questionId, q[0]!.id)));
    // In India: q1 and q2 (q0 is mastered; q3 is due at 18:31 UTC, tomorrow in India).
    expect(await getRevisionSummary(t.db, { userId: me.id, timeZone: TZ, now })).toEqual({
      dueToday: 2,
      total: 5,
      mastered: 1,
    });
    // In London the day ends at midnight UTC: q3 is due today there.
    expect(
      await getRevisionSummary(t.db, { userId: me.id, timeZone: "Europe/London", now }),
    ).toEqual({
      dueToday: 3,
      total: 5,
      mastered: 1,
    });
    const response = await t.request("/api/revision/summary?tz=Asia/Kolkata", {
      cookie: me.cookie,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      dueToday: expect.any(Number),
      total: 5,
      mastered: 1,
    });
    // The dashboard carries the same counts.
    const dashboard = await t.request("/api/home/dashboard?tz=Asia/Kolkata", { cookie: me.cookie });
    expect((await dashboard.json()).revision).toMatchObject({ total: 5, mastered: 1 });
  });
});

describe("another student's cards", () => {
  it("refuses every id-taking route and leaves the rows as they were", async () => {
    const { exam, questions: q } = await cardsFromExam(other.id, 2, T0);
    const [theirAttempt] = await t.db
      .select({ id: examAttempts.id })
      .from(examAttempts)
      .where(and(eq(examAttempts.userId, other.id), eq(examAttempts.examId, exam.id)));
    const theirSession = await createRevisionSession(t.db, {
      viewer: { userId: other.id },
      now: at(1),
      timeZone: TZ,
    });
    const before = await cardsOf(other.id);
    const setsBefore = await t.db
      .select()
      .from(questionSets)
      .where(eq(questionSets.userId, other.id));

    const refusals = [
      t.request(`/api/revision/cards/${q[0]!.id}`, { method: "DELETE", cookie: student.cookie }),
      t.request(`/api/revision/cards/${q[0]!.id}/reset`, {
        method: "POST",
        cookie: student.cookie,
      }),
      t.request(`/api/revision/attempts/${theirAttempt!.id}/cards`, { cookie: student.cookie }),
      t.request("/api/revision/cards", { cookie: student.cookie, body: { questionId: q[1]!.id } }),
      t.request(`/api/revision/${theirSession.id}/overview`, { cookie: student.cookie }),
      t.request(`/api/revision/${theirSession.id}/attempts`, {
        method: "POST",
        cookie: student.cookie,
      }),
    ];
    for (const response of await Promise.all(refusals)) expect(response.status).toBe(404);

    // Their cards never show in my list or counts.
    const mine = await t.request("/api/revision/cards?pageSize=100", { cookie: student.cookie });
    const myIds = (await mine.json()).items.map((c: { questionId: string }) => c.questionId);
    expect(myIds).not.toContain(q[0]!.id);
    expect(myIds).not.toContain(q[1]!.id);

    expect(await cardsOf(other.id)).toEqual(before);
    expect(await t.db.select().from(questionSets).where(eq(questionSets.userId, other.id))).toEqual(
      setsBefore,
    );
    expect(
      await t.db.select().from(examAttempts).where(eq(examAttempts.revisionId, theirSession.id)),
    ).toEqual([]);
    expect(await cardOf(student.id, q[1]!.id)).toBeUndefined();
  });

  it("refuses the review toggles of an attempt still open", async () => {
    const me = await freshStudent();
    const { exam } = await createExamFixture(t.db, { questionCount: 1 });
    const started = await t.request(`/api/exams/${exam.id}/attempts`, {
      method: "POST",
      cookie: me.cookie,
    });
    const attemptId = (await started.json()).attempt.id as string;
    const response = await t.request(`/api/revision/attempts/${attemptId}/cards`, {
      cookie: me.cookie,
    });
    expect(response.status).toBe(404);
  });
});
