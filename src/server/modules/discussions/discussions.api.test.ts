import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST_IMAGE_MAX_BYTES, POSTS_PER_HOUR } from "../../../shared/discussions.ts";
import { questionPosts } from "../../db/schema/discussions.ts";
import { exams, liveTests, questions } from "../../db/schema/exams.ts";
import { outbox } from "../../db/schema/outbox.ts";
import { createTestClock } from "../../lib/test-clock.ts";
import { createExamFixture } from "../../test/fixtures.ts";
import { errorOf, setupTestApp, type TestUser } from "../../test/test-app.ts";
import { makeImage, uploadFile } from "../../test/upload.ts";
import { completeExam, discussionRows } from "./discussion-fixture.ts";

/**
 * The discussion under each question (decision 064), as students use it: who reaches it (the
 * answer-keys gate), posting and replying, numbers, the hourly limit, the edit window, deleting,
 * "helpful" marks, images, and the reply's notification.
 */

const T0 = new Date("2026-12-01T06:00:00.000Z");
/** The server's clock stands still between moves, so instants in the answers are exact. */
let wall = T0.getTime();
const clock = createTestClock(() => wall);
const { t, asha, ravi, meera, fresh } = setupTestApp({
  users: { asha: "student", ravi: "student", meera: "student", fresh: "student" },
  testClock: { clock, tick: async () => ({}) },
});

let exam: Awaited<ReturnType<typeof createExamFixture>>;
let q1 = "";
let q2 = "";

const at = (ms: number) => {
  wall = T0.getTime() + ms;
};
const MINUTE = 60_000;

beforeAll(async () => {
  at(0);
  exam = await createExamFixture(t.db, { questionCount: 4 });
  [q1, q2] = exam.questions.map((q) => q.id) as [string, string];
  for (const user of [asha, ravi, meera]) {
    await completeExam(t.db, {
      userId: user.id,
      exam: exam.exam,
      questions: exam.questions,
      at: new Date(T0.getTime() - 86_400_000),
    });
  }
});

const discussion = (user: TestUser, questionId: string, query = {}) =>
  t.client(user).questions[":id"].discussion.$get({ param: { id: questionId }, query });

async function write(user: TestUser, questionId: string, body: string, parentId?: string) {
  const response = await t.client(user).questions[":id"].discussion.$post({
    param: { id: questionId },
    json: { body, ...(parentId ? { parentId } : {}) },
  });
  return response;
}

async function post(user: TestUser, questionId: string, body: string, parentId?: string) {
  const response = await write(user, questionId, body, parentId);
  expect(response.status).toBe(201);
  return response.json();
}

/** A question of its own, each student having completed its exam: a discussion per test. */
async function freshQuestion() {
  const own = await createExamFixture(t.db, { questionCount: 1 });
  for (const user of [asha, ravi, meera]) {
    await completeExam(t.db, {
      userId: user.id,
      exam: own.exam,
      questions: own.questions,
      at: new Date(T0.getTime() - 86_400_000),
    });
  }
  return own.questions[0]?.id ?? "";
}

describe("who reaches a question's discussion", () => {
  it("is not reachable before the student answered the question: 404, nothing revealed", async () => {
    at(0);
    const first = await post(asha, q1, "Statement 2 is wrong: the answer is **A**.");
    const before = await discussionRows(t.db);
    const api = t.client(fresh);
    const refused = [
      await discussion(fresh, q1),
      await api.questions[":id"].discussion.question.$get({ param: { id: q1 } }),
      await write(fresh, q1, "Let me in"),
      await write(fresh, q1, "A reply", first.id),
      await api["discussion-posts"][":id"].$patch({
        param: { id: first.id },
        json: { body: "edited" },
      }),
      await api["discussion-posts"][":id"].$delete({ param: { id: first.id } }),
      await api["discussion-posts"][":id"].helpful.$post({ param: { id: first.id } }),
      await api["discussion-posts"][":id"].report.$post({
        param: { id: first.id },
        json: { reason: "spam" },
      }),
      await api["discussion-posts"][":id"].image.$get({ param: { id: first.id } }),
    ];
    const unknown = await discussion(fresh, "00000000-0000-4000-8000-000000000000");
    for (const response of refused) {
      expect(response.status).toBe(404);
      const text = await response.text();
      expect(text).not.toContain("answer is");
      expect(text).not.toContain(first.id);
    }
    // A held question reads exactly as one that does not exist.
    expect((await errorOf(unknown)).message).toBe("This discussion is not available.");
    // The counts leave the held question out: no number, no key.
    const counts = await api.discussions.counts.$get({ query: { questionIds: `${q1},${q2}` } });
    expect(await counts.json()).toEqual({ counts: {} });
    expect(await discussionRows(t.db)).toEqual(before);
  });

  it("opens after a completed attempt, with the count on the review", async () => {
    const response = await discussion(asha, q1);
    expect(response.status).toBe(200);
    const counts = await t.client(ravi).discussions.counts.$get({
      query: { questionIds: `${q1},${q2}` },
    });
    const body = await counts.json();
    expect(body.counts[q1]).toBeGreaterThan(0);
    expect(body.counts[q2]).toBe(0);
  });

  it("opens after an answer in the previous-year explorer", async () => {
    const paper = await createExamFixture(t.db, { kind: "pyp", questionCount: 2 });
    await t.db.update(exams).set({ year: 2021, isFree: true }).where(eq(exams.id, paper.exam.id));
    const questionId = paper.questions[0]?.id ?? "";
    expect((await discussion(fresh, questionId)).status).toBe(404);
    const answered = await t.request("/api/pyq/answers", {
      cookie: fresh.cookie,
      body: { questionId, selectedAnswer: "B" },
    });
    expect(answered.status).toBe(201);
    expect((await discussion(fresh, questionId)).status).toBe(200);
    // Only that question: its neighbour in the paper stays held.
    expect((await discussion(fresh, paper.questions[1]?.id ?? "")).status).toBe(404);
  });

  it("is held while the student's live test is unpublished, and opens at publication", async () => {
    const live = await createExamFixture(t.db, { questionCount: 1 });
    const questionId = live.questions[0]?.id ?? "";
    await completeExam(t.db, {
      userId: asha.id,
      exam: live.exam,
      questions: live.questions,
      at: new Date(T0.getTime() - 3_600_000),
    });
    await post(asha, questionId, "Before the live test");
    await t.db.insert(liveTests).values({
      examId: live.exam.id,
      opensAt: new Date(T0.getTime() - 7_200_000),
      entryMinutes: 15,
      durationMinutes: 60,
    });
    expect((await discussion(asha, questionId)).status).toBe(404);
    const counts = await t.client(asha).discussions.counts.$get({
      query: { questionIds: questionId },
    });
    expect(await counts.json()).toEqual({ counts: {} });
    await t.db.update(liveTests).set({ publishedAt: T0 }).where(eq(liveTests.examId, live.exam.id));
    expect((await discussion(asha, questionId)).status).toBe(200);
  });

  it("refuses bad input with a clear 4xx", async () => {
    const api = t.client(asha);
    const tooMany = Array.from({ length: 201 }, () => crypto.randomUUID()).join(",");
    expect((await api.discussions.counts.$get({ query: { questionIds: tooMany } })).status).toBe(
      422,
    );
    expect(
      (await api.discussions.counts.$get({ query: { questionIds: "not-a-uuid" } })).status,
    ).toBe(422);
    expect((await discussion(asha, q1, { sort: "loudest" })).status).toBe(422);
    expect((await discussion(asha, "not-a-uuid")).status).toBe(404);
    expect((await write(asha, q1, "   ")).status).toBe(422);
    expect((await write(asha, q1, "x".repeat(4001))).status).toBe(422);
    expect((await write(asha, q1, "nul \u0000")).status).toBe(422);
  });
});

describe("posting", () => {
  it("numbers posts from 1 per question, under concurrent posts too", async () => {
    at(MINUTE);
    const questionId = await freshQuestion();
    const written = await Promise.all(
      [asha, ravi, meera, asha, ravi].map((user, i) => post(user, questionId, `Post ${i}`)),
    );
    expect(written.map((p) => p.number).sort()).toEqual([1, 2, 3, 4, 5]);
    const reply = await post(meera, questionId, "Agree with #1", written[0]?.id);
    expect(reply.number).toBe(6);
    expect(reply.parentId).toBe(written[0]?.id);
    // A reply to a reply joins the thread of the post it answers (one level).
    const nested = await post(asha, questionId, "And me", reply.id);
    expect(nested.parentId).toBe(written[0]?.id);
  });

  it("shows posts with their writer's name (never the email), newest or most helpful first", async () => {
    at(2 * MINUTE);
    const questionId = await freshQuestion();
    const older = await post(asha, questionId, "Older");
    at(3 * MINUTE);
    const newer = await post(ravi, questionId, "Newer");
    await post(meera, questionId, "A reply", older.id);
    await t.client(meera)["discussion-posts"][":id"].helpful.$post({ param: { id: older.id } });
    const newest = await discussion(meera, questionId);
    const text = await newest.clone().text();
    for (const user of [asha, ravi, meera]) expect(text).not.toContain(user.email);
    const page = await newest.json();
    expect(page.items.map((p) => p.id)).toEqual([newer.id, older.id]);
    expect(page.total).toBe(2);
    expect(page.items[1]?.author).toEqual({
      name: expect.stringMatching(/^Student \d+$/),
      role: "student",
    });
    expect(page.items[1]?.replies.map((r) => r.body)).toEqual(["A reply"]);
    expect(page.items[1]).toMatchObject({ helpfulCount: 1, votedByMe: true, mine: false });
    const helpful = await (await discussion(meera, questionId, { sort: "helpful" })).json();
    expect(helpful.items.map((p) => p.id)).toEqual([older.id, newer.id]);
    // A student with no name is "Student" (the screen words it), not their email.
    expect(helpful.viewer).toMatchObject({ canPost: true, canModerate: false, bannedUntil: null });
  });

  it("tells a post's writer of a reply, in the same transaction; not for replying to oneself", async () => {
    at(4 * MINUTE);
    const questionId = await freshQuestion();
    const mine = await post(asha, questionId, "Why not C?");
    const messages = () => t.db.select().from(outbox).where(eq(outbox.kind, "discussionReply"));
    const before = (await messages()).length;
    await post(asha, questionId, "Adding to my own post", mine.id);
    expect((await messages()).length).toBe(before);
    const reply = await post(ravi, questionId, "Because of statement 2.", mine.id);
    const sent = (await messages()).filter((m) => m.userId === asha.id);
    const forReply = sent.filter((m) => m.dedupeKey.includes(reply.id));
    expect(forReply).toHaveLength(1);
    expect(forReply[0]?.payload).toEqual({
      name: expect.stringMatching(/^Student \d+$/),
      url: `/questions/${questionId}/discussion#post-${reply.number}`,
    });
  });

  it("allows POSTS_PER_HOUR posts in a rolling hour: the next is a 429 with Retry-After, changing nothing", async () => {
    const questionId = await freshQuestion();
    const writer = await t.createUser("student");
    await completeExam(t.db, {
      userId: writer.id,
      exam: { id: (await examOf(questionId)) ?? "" },
      questions: await questionsOf(questionId),
      at: new Date(T0.getTime() - 86_400_000),
    });
    at(60 * MINUTE);
    for (let i = 0; i < POSTS_PER_HOUR; i += 1) {
      at(60 * MINUTE + i * 1000);
      await post(writer, questionId, `Post ${i + 1}`);
    }
    at(100 * MINUTE);
    const facts = await (await discussion(writer, questionId)).json();
    expect(facts.viewer).toMatchObject({ canPost: false, postsLeftThisHour: 0 });
    const before = await discussionRows(t.db);
    const refused = await write(writer, questionId, "The eleventh");
    expect(refused.status).toBe(429);
    // The first of the hour's posts leaves the window 20 minutes from now.
    expect(Number(refused.headers.get("Retry-After"))).toBe(20 * 60);
    expect((await errorOf(refused)).message).toContain("at most 10 posts");
    expect(await discussionRows(t.db)).toEqual(before);
    at(120 * MINUTE + 1000);
    expect((await write(writer, questionId, "An hour later")).status).toBe(201);
  });
});

async function examOf(questionId: string) {
  const [row] = await t.db
    .select({ examId: questions.examId })
    .from(questions)
    .where(eq(questions.id, questionId));
  return row?.examId;
}

async function questionsOf(questionId: string) {
  return t.db
    .select({ id: questions.id, correctAnswer: questions.correctAnswer })
    .from(questions)
    .where(eq(questions.id, questionId));
}

describe("editing and deleting one's own post", () => {
  it("edits within 10 minutes of writing, by the server's clock; another student cannot", async () => {
    at(200 * MINUTE);
    const questionId = await freshQuestion();
    const mine = await post(asha, questionId, "First draft");
    expect(mine.canEditUntil).toBe(new Date(T0.getTime() + 210 * MINUTE).toISOString());
    const before = await discussionRows(t.db, { questionId });
    const theirs = await t.client(ravi)["discussion-posts"][":id"].$patch({
      param: { id: mine.id },
      json: { body: "Hijacked" },
    });
    expect(theirs.status).toBe(404);
    const visitor = await t.client()["discussion-posts"][":id"].$patch({
      param: { id: mine.id },
      json: { body: "Hijacked" },
    });
    expect(visitor.status).toBe(401);
    expect(await discussionRows(t.db, { questionId })).toEqual(before);

    at(209 * MINUTE);
    const edited = await t.client(asha)["discussion-posts"][":id"].$patch({
      param: { id: mine.id },
      json: { body: "Second draft" },
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      body: "Second draft",
      editedAt: expect.any(String),
    });

    at(210 * MINUTE);
    const afterWindow = await discussionRows(t.db, { questionId });
    const late = await t.client(asha)["discussion-posts"][":id"].$patch({
      param: { id: mine.id },
      json: { body: "Too late" },
    });
    expect(late.status).toBe(409);
    expect((await errorOf(late)).message).toBe(
      "A post can be edited only in the first 10 minutes after writing it.",
    );
    expect(await discussionRows(t.db, { questionId })).toEqual(afterWindow);
  });

  it("deletes one's own post, keeping its replies; another student cannot", async () => {
    at(300 * MINUTE);
    const questionId = await freshQuestion();
    const mine = await post(asha, questionId, "To be deleted");
    const reply = await post(ravi, questionId, "A reply that stays", mine.id);
    const lonely = await post(asha, questionId, "Deleted with no replies");
    const before = await discussionRows(t.db, { questionId });
    const theirs = await t.client(ravi)["discussion-posts"][":id"].$delete({
      param: { id: mine.id },
    });
    expect(theirs.status).toBe(404);
    expect(await discussionRows(t.db, { questionId })).toEqual(before);

    for (const id of [mine.id, lonely.id]) {
      const deleted = await t.client(asha)["discussion-posts"][":id"].$delete({ param: { id } });
      expect(await deleted.json()).toEqual({ id, status: "deleted" });
    }
    const page = await (await discussion(meera, questionId)).json();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id: mine.id,
      status: "deleted",
      body: null,
      author: null,
      imageUrl: null,
    });
    expect(page.items[0]?.replies.map((r) => r.id)).toEqual([reply.id]);
    // A deleted post cannot be edited, nor replied to.
    const edit = await t.client(asha)["discussion-posts"][":id"].$patch({
      param: { id: mine.id },
      json: { body: "Back" },
    });
    expect(edit.status).toBe(409);
    expect((await write(meera, questionId, "Hello?", mine.id)).status).toBe(409);
  });
});

describe("helpful marks", () => {
  it("counts one per student, never one's own, and can be taken back", async () => {
    at(400 * MINUTE);
    const questionId = await freshQuestion();
    const mine = await post(asha, questionId, "Helpful?");
    const mark = () =>
      t.client(ravi)["discussion-posts"][":id"].helpful.$post({ param: { id: mine.id } });
    expect(await (await mark()).json()).toEqual({ id: mine.id, helpfulCount: 1, votedByMe: true });
    expect(await (await mark()).json()).toEqual({ id: mine.id, helpfulCount: 1, votedByMe: true });

    const before = await discussionRows(t.db, { questionId });
    const own = await t.client(asha)["discussion-posts"][":id"].helpful.$post({
      param: { id: mine.id },
    });
    expect(own.status).toBe(403);
    expect(await discussionRows(t.db, { questionId })).toEqual(before);

    const undo = await t.client(ravi)["discussion-posts"][":id"].helpful.$delete({
      param: { id: mine.id },
    });
    expect(await undo.json()).toEqual({ id: mine.id, helpfulCount: 0, votedByMe: false });
    const [row] = await t.db.select().from(questionPosts).where(eq(questionPosts.id, mine.id));
    expect(row?.helpfulCount).toBe(0);
  });
});

describe("a post's image", () => {
  it("is checked on a file worker, stored privately and served only through the gate", async () => {
    at(500 * MINUTE);
    const questionId = await freshQuestion();
    const png = await makeImage(120, 80, "png");
    const uploaded = await uploadFile(
      t,
      `/api/questions/${questionId}/discussion/image-posts`,
      { bytes: png, name: "working.png" },
      asha.cookie,
      { body: "My rough work" },
    );
    expect(uploaded.status).toBe(201);
    const written = (await uploaded.json()) as { id: string; imageUrl: string; body: string };
    expect(written.imageUrl).toBe(`/api/discussion-posts/${written.id}/image`);
    const image = await t.request(written.imageUrl, { cookie: ravi.cookie });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("cache-control")).toBe("private, no-store");
    expect((await t.request(written.imageUrl, { cookie: fresh.cookie })).status).toBe(404);
    // A student who has not answered the question cannot post an image there either.
    const rowsBefore = await discussionRows(t.db, { questionId });
    const outsider = await uploadFile(
      t,
      `/api/questions/${questionId}/discussion/image-posts`,
      { bytes: png, name: "in.png" },
      fresh.cookie,
      { body: "Let me in" },
    );
    expect(outsider.status).toBe(404);
    expect(await discussionRows(t.db, { questionId })).toEqual(rowsBefore);

    // An image alone is a post; a file that is not an image is refused and nothing is written.
    const alone = await uploadFile(
      t,
      `/api/questions/${questionId}/discussion/image-posts`,
      { bytes: png, name: "only.png" },
      ravi.cookie,
    );
    expect(alone.status).toBe(201);
    const before = await discussionRows(t.db, { questionId });
    const text = await uploadFile(
      t,
      `/api/questions/${questionId}/discussion/image-posts`,
      { bytes: Buffer.from("not an image at all"), name: "notes.png" },
      asha.cookie,
      { body: "See attached" },
    );
    expect(text.status).toBe(422);
    const tooBig = await uploadFile(
      t,
      `/api/questions/${questionId}/discussion/image-posts`,
      { bytes: Buffer.alloc(POST_IMAGE_MAX_BYTES + 1), name: "huge.png" },
      asha.cookie,
      { body: "Huge" },
    );
    expect(tooBig.status).toBe(413);
    expect(await discussionRows(t.db, { questionId })).toEqual(before);
  });
});
