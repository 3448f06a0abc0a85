import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST_REPORT_THRESHOLD } from "../../../shared/discussions.ts";
import { discussionBans, questionPosts } from "../../db/schema/discussions.ts";
import { outbox } from "../../db/schema/outbox.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { createTestClock } from "../../lib/test-clock.ts";
import { createExamFixture } from "../../test/fixtures.ts";
import { errorOf, setupTestApp, type TestUser } from "../../test/test-app.ts";
import { completeExam, discussionRows } from "./discussion-fixture.ts";

/**
 * Moderating the discussion (decision 064): students report (the threshold hides a post),
 * mentors and admins hide, restore, pin a verified explanation and ban writers; students may do
 * none of it, and a refused request changes nothing.
 */

const T0 = new Date("2026-12-02T06:00:00.000Z");
let wall = T0.getTime();
const clock = createTestClock(() => wall);
const { t, asha, ravi, meera, kiran, mentor, admin } = setupTestApp({
  users: {
    asha: "student",
    ravi: "student",
    meera: "student",
    kiran: "student",
    mentor: "mentor",
    admin: "admin",
  },
  testClock: { clock, tick: async () => ({}) },
});
const students = () => [asha, ravi, meera, kiran];
const at = (minutes: number) => {
  wall = T0.getTime() + minutes * 60_000;
};

beforeAll(async () => {
  await t.db.update(profiles).set({ fullName: "Asha Rao" }).where(eq(profiles.id, asha.id));
});

/** A question every student of the file has answered (a completed attempt). */
async function answeredQuestion() {
  const exam = await createExamFixture(t.db, { questionCount: 1 });
  for (const user of students()) {
    await completeExam(t.db, {
      userId: user.id,
      exam: exam.exam,
      questions: exam.questions,
      at: new Date(T0.getTime() - 86_400_000),
    });
  }
  return exam.questions[0]?.id ?? "";
}

async function post(user: TestUser, questionId: string, body: string, parentId?: string) {
  const response = await t.client(user).questions[":id"].discussion.$post({
    param: { id: questionId },
    json: { body, ...(parentId ? { parentId } : {}) },
  });
  expect(response.status).toBe(201);
  return response.json();
}

const posts = (user: TestUser) => t.client(user)["discussion-posts"][":id"];
const report = (user: TestUser, id: string) =>
  posts(user).report.$post({ param: { id }, json: { reason: "Rude" } });
const statusOf = async (id: string) =>
  (await t.db.select().from(questionPosts).where(eq(questionPosts.id, id)))[0]?.status;

describe("reports", () => {
  it("hides a post reported by POST_REPORT_THRESHOLD students, once each", async () => {
    at(0);
    const questionId = await answeredQuestion();
    const target = await post(asha, questionId, "Something rude");
    const reporters = [ravi, meera, kiran].slice(0, POST_REPORT_THRESHOLD);
    expect((await report(reporters[0] as TestUser, target.id)).status).toBe(200);
    // Once per student: a second report is refused and changes nothing.
    const before = await discussionRows(t.db, { questionId });
    const again = await report(reporters[0] as TestUser, target.id);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe("You have already reported this post.");
    const own = await report(asha, target.id);
    expect(own.status).toBe(403);
    expect(await discussionRows(t.db, { questionId })).toEqual(before);
    // A mentor hides rather than reports.
    expect((await report(mentor, target.id)).status).toBe(403);

    for (const user of reporters.slice(1, -1)) await report(user, target.id);
    expect(await statusOf(target.id)).toBe("visible");
    await report(reporters.at(-1) as TestUser, target.id);
    expect(await statusOf(target.id)).toBe("reported");

    // Hidden from students pending review (no replies: left out altogether); a mentor sees it.
    const seen = await (
      await t
        .client(ravi)
        .questions[":id"].discussion.$get({ param: { id: questionId }, query: {} })
    ).json();
    expect(seen.items).toEqual([]);
    const moderated = await (
      await t.client(mentor).questions[":id"].discussion.$get({
        param: { id: questionId },
        query: {},
      })
    ).json();
    expect(moderated.items[0]).toMatchObject({
      id: target.id,
      status: "reported",
      body: "Something rude",
      reportCount: POST_REPORT_THRESHOLD,
    });
  });
});

describe("hide, restore and the queue", () => {
  it("lets mentors and admins hide and restore; refuses students (403, rows unchanged)", async () => {
    at(60);
    const questionId = await answeredQuestion();
    const target = await post(asha, questionId, "Off topic");
    const reply = await post(ravi, questionId, "Indeed", target.id);
    const before = await discussionRows(t.db, { questionId });
    for (const action of ["hide", "restore", "pin"] as const) {
      const refused = await posts(ravi)[action].$post({ param: { id: target.id } });
      expect(refused.status).toBe(403);
      expect((await posts(asha)[action].$post({ param: { id: target.id } })).status).toBe(403);
      expect(
        (await t.client()["discussion-posts"][":id"][action].$post({ param: { id: target.id } }))
          .status,
      ).toBe(401);
    }
    expect((await posts(ravi).pin.$delete({ param: { id: target.id } })).status).toBe(403);
    expect(await discussionRows(t.db, { questionId })).toEqual(before);

    for (const moderator of [mentor, admin]) {
      const hidden = await posts(moderator).hide.$post({ param: { id: target.id } });
      expect(await hidden.json()).toEqual({ id: target.id, status: "hidden" });
      const [row] = await t.db.select().from(questionPosts).where(eq(questionPosts.id, target.id));
      expect(row).toMatchObject({ status: "hidden", moderatedBy: moderator.id });
      // A student sees a placeholder (its reply is shown) with neither words nor writer.
      const page = await (
        await t.client(meera).questions[":id"].discussion.$get({
          param: { id: questionId },
          query: {},
        })
      ).json();
      expect(page.items[0]).toMatchObject({
        id: target.id,
        status: "hidden",
        body: null,
        author: null,
      });
      expect(page.items[0]?.replies.map((r) => r.id)).toEqual([reply.id]);
      // A student cannot act on a post they do not see.
      expect((await posts(meera).helpful.$post({ param: { id: target.id } })).status).toBe(404);

      const restored = await posts(moderator).restore.$post({ param: { id: target.id } });
      expect(await restored.json()).toEqual({ id: target.id, status: "visible" });
      expect(await statusOf(target.id)).toBe("visible");
    }
    // Restoring a post nobody reported or hid is refused.
    expect((await posts(admin).restore.$post({ param: { id: target.id } })).status).toBe(409);
  });

  it("lists reported posts most reported first, and hidden ones, with the question's text", async () => {
    at(120);
    const questionId = await answeredQuestion();
    const once = await post(asha, questionId, "Reported once");
    const twice = await post(asha, questionId, "Reported twice");
    const gone = await post(asha, questionId, "Hidden by a mentor");
    await report(ravi, once.id);
    await report(ravi, twice.id);
    await report(meera, twice.id);
    await posts(mentor).hide.$post({ param: { id: gone.id } });

    const queue = await t.client(mentor).moderation["discussion-posts"].$get({
      query: { search: "Reported", pageSize: "10" },
    });
    const page = await queue.json();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 10 });
    expect(page.items.map((p) => [p.id, p.reportCount])).toEqual([
      [twice.id, 2],
      [once.id, 1],
    ]);
    expect(page.items[0]).toMatchObject({
      questionId,
      questionText: expect.stringContaining("Question 1"),
      discussionUrl: `/questions/${questionId}/discussion#post-${twice.number}`,
      author: { userId: asha.id, name: "Asha Rao", role: "student" },
      reasons: ["Rude", "Rude"],
      bannedUntil: null,
    });
    expect(JSON.stringify(page)).not.toContain(asha.email);

    const hidden = await (
      await t.client(admin).moderation["discussion-posts"].$get({
        query: { queue: "hidden", search: "Hidden by" },
      })
    ).json();
    expect(hidden.items.map((p) => p.id)).toEqual([gone.id]);
    expect((await t.client(ravi).moderation["discussion-posts"].$get({ query: {} })).status).toBe(
      403,
    );
  });
});

describe("bans", () => {
  it("bans a writer for days with a reason; a banned student cannot post until it ends or is lifted", async () => {
    at(200);
    const questionId = await answeredQuestion();
    const before = await discussionRows(t.db);
    // Students cannot ban, list or lift.
    const bans = (user?: TestUser) => t.client(user).moderation["discussion-bans"];
    expect(
      (await bans(ravi).$post({ json: { userId: kiran.id, days: 3, reason: "Spam" } })).status,
    ).toBe(403);
    expect((await bans(ravi).$get({ query: {} })).status).toBe(403);
    expect((await bans(ravi)[":userId"].$delete({ param: { userId: kiran.id } })).status).toBe(403);
    expect((await bans().$get({ query: {} })).status).toBe(401);
    // Bad input: a clear 422; staff cannot be banned.
    for (const days of [0, 366]) {
      const refused = await bans(mentor).$post({
        json: { userId: kiran.id, days, reason: "Spam" },
      });
      expect(refused.status).toBe(422);
      expect((await errorOf(refused)).message).toBe("A ban lasts 1 to 365 days.");
    }
    expect(
      (await bans(mentor).$post({ json: { userId: kiran.id, days: 3, reason: " " } })).status,
    ).toBe(422);
    expect(
      (await bans(mentor).$post({ json: { userId: admin.id, days: 3, reason: "No" } })).status,
    ).toBe(409);
    expect(await discussionRows(t.db)).toEqual(before);

    const banned = await bans(mentor).$post({
      json: { userId: kiran.id, days: 3, reason: "Spam links" },
    });
    expect(banned.status).toBe(201);
    const until = new Date(T0.getTime() + 200 * 60_000 + 3 * 86_400_000).toISOString();
    expect(await banned.json()).toEqual({ userId: kiran.id, until, reason: "Spam links" });

    const rows = await discussionRows(t.db);
    const refused = await t.client(kiran).questions[":id"].discussion.$post({
      param: { id: questionId },
      json: { body: "Let me post" },
    });
    expect(refused.status).toBe(403);
    expect(await discussionRows(t.db)).toEqual(rows);
    const facts = await (
      await t
        .client(kiran)
        .questions[":id"].discussion.$get({ param: { id: questionId }, query: {} })
    ).json();
    expect(facts.viewer).toMatchObject({ canPost: false, bannedUntil: until });

    const list = await (await bans(admin).$get({ query: {} })).json();
    expect(list.items).toEqual([
      expect.objectContaining({ userId: kiran.id, until, reason: "Spam links" }),
    ]);

    // Lifted by an admin: they post again. Lifting again finds no ban.
    const lifted = await bans(admin)[":userId"].$delete({ param: { userId: kiran.id } });
    expect(await lifted.json()).toEqual({ userId: kiran.id, lifted: true });
    expect((await bans(admin)[":userId"].$delete({ param: { userId: kiran.id } })).status).toBe(
      404,
    );
    await post(kiran, questionId, "Back again");

    // A ban ends by itself.
    await bans(admin).$post({ json: { userId: kiran.id, days: 1, reason: "Cool off" } });
    at(200 + 24 * 60 + 1);
    await post(kiran, questionId, "A day later");
    expect(
      await t.db.select().from(discussionBans).where(eq(discussionBans.userId, kiran.id)),
    ).toHaveLength(1);
  });
});

describe("the verified explanation", () => {
  it("is pinned by a mentor or an admin, shown first, one per question, and tells each other poster once", async () => {
    at(3000);
    const questionId = await answeredQuestion();
    const first = await post(asha, questionId, "I think A");
    await post(ravi, questionId, "Me too", first.id);
    await post(asha, questionId, "Second thought");
    const explained = await post(mentor, questionId, "The answer is A because **1** and **2**.");
    expect(explained.author).toEqual({ name: expect.any(String), role: "mentor" });

    const pinned = await posts(mentor).pin.$post({ param: { id: explained.id } });
    expect(await pinned.json()).toEqual({ id: explained.id, pinned: true });
    const messages = async () =>
      t.db.select().from(outbox).where(eq(outbox.kind, "explanationPinned"));
    const told = (await messages()).filter((m) => m.dedupeKey.includes(explained.id));
    expect(told.map((m) => m.userId).sort()).toEqual([asha.id, ravi.id].sort());
    expect(told[0]?.payload).toEqual({
      url: `/questions/${questionId}/discussion#post-${explained.number}`,
    });
    // Pinning it again tells nobody again.
    await posts(mentor).pin.$post({ param: { id: explained.id } });
    expect((await messages()).filter((m) => m.dedupeKey.includes(explained.id))).toHaveLength(2);

    const page = await (
      await t.client(meera).questions[":id"].discussion.$get({
        param: { id: questionId },
        query: {},
      })
    ).json();
    expect(page.pinned).toMatchObject({ id: explained.id, pinned: true });
    expect(page.items.map((p) => p.id)).not.toContain(explained.id);

    // Pinning another replaces it; a reply cannot be pinned.
    const other = await posts(admin).pin.$post({ param: { id: first.id } });
    expect(other.status).toBe(200);
    const pinnedNow = (
      await t.db.select().from(questionPosts).where(eq(questionPosts.questionId, questionId))
    ).filter((p) => p.pinnedAt !== null);
    expect(pinnedNow.map((p) => p.id)).toEqual([first.id]);
    const reply = (
      await t.db.select().from(questionPosts).where(eq(questionPosts.questionId, questionId))
    ).find((p) => p.parentId !== null);
    expect((await posts(mentor).pin.$post({ param: { id: reply?.id ?? "" } })).status).toBe(409);
    // The pinner (the admin) wrote nothing here: every poster is told, the mentor included.
    const toldAgain = (await messages()).filter((m) => m.dedupeKey.includes(first.id));
    expect(toldAgain.map((m) => m.userId).sort()).toEqual([asha.id, ravi.id, mentor.id].sort());

    const unpinned = await posts(admin).pin.$delete({ param: { id: first.id } });
    expect(await unpinned.json()).toEqual({ id: first.id, pinned: false });
  });
});

describe("every post route asks the gate for the post's question", () => {
  it("answers 404 to a student who has not answered it, for each route, changing nothing", async () => {
    at(4000);
    const questionId = await answeredQuestion();
    const target = await post(asha, questionId, "Reachable only after answering");
    const outsider = await t.createUser("student");
    const before = await discussionRows(t.db);
    const api = posts(outsider);
    const param = { id: target.id };
    for (const response of [
      await api.helpful.$post({ param }),
      await api.helpful.$delete({ param }),
      await api.report.$post({ param, json: { reason: null } }),
      await api.$patch({ param, json: { body: "x" } }),
      await api.$delete({ param }),
      await api.image.$get({ param }),
    ]) {
      expect(response.status).toBe(404);
    }
    expect(await discussionRows(t.db)).toEqual(before);
  });
});
